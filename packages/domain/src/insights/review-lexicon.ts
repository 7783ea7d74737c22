import type { InsightAspect } from './insights.schema';

/**
 * The lexicon of the rule-based review analyser (review-analysis.rules.ts, docs/social-analytics.md):
 * aspect terms by category, opinion words with their weights, fixed phrases, and the words that
 * negate, strengthen or soften the opinion after them. Written by hand for restaurant reviews;
 * a word is looked up as written and, failing that, without a plural 's'/'es', so plurals are
 * not listed.
 */

const words = (text: string) => text.trim().split(/\s+/);

/**
 * Aspect terms by category. A noun names its aspect wherever it stands; the words of
 * `aspectCues` (mostly adjectives: 'attentive', 'delicious') name it only in a clause that
 * names no aspect by a noun, so 'a friendly atmosphere' is Ambiance, not Service.
 */
export const aspectTermsByCategory: Record<InsightAspect, Record<string, readonly string[]>> = {
  Food: {
    general: words(`food meal dish plate portion flavour flavor taste texture recipe cuisine cooking kitchen
      chef cook grub fare bite mouthful produce ingredient seasoning`),
    menu: words(`menu course starter main mains entree entrée appetiser appetizer dessert pudding
      specials tasting brunch breakfast lunch dinner supper buffet`),
    dishes: words(`soup noodle ramen pho pizza base topping crust dough margherita calzone pasta spaghetti
      lasagne lasagna risotto gnocchi ravioli carbonara steak burger fries chip fish cod haddock salmon
      tuna prawn shrimp crab lobster mussel oyster scallop squid calamari seafood chicken wing beef pork
      lamb duck rib brisket sausage bacon ham egg omelette pancake waffle toast sandwich wrap taco burrito
      curry tikka masala korma biryani dal dhal naan rice samosa bhaji sushi sashimi dumpling gyoza bao
      salad vegetable veg veggie mushroom tofu halloumi falafel hummus cheese bread sourdough roll
      croissant pastry cake brownie tart pie crumble cheesecake tiramisu gelato ice cream sorbet
      chocolate sauce gravy dressing roast potato mash`),
    drinks: words(`coffee espresso latte cappuccino tea drink beverage cocktail mocktail wine beer ale
      lager cider prosecco champagne gin whisky juice smoothie milkshake shake negroni martini mojito
      margarita spritz vodka rum bourbon sangria lemonade`),
  },
  Price: {
    value:
      words(`price pricing cost value bill money pound quid fee charge charged surcharge deal bargain offer
      discount voucher budget wallet`),
    'value words': words(`expensive overpriced affordable pricey costly extortionate inexpensive cheap
      cheaper cheapest pricier underpriced`),
  },
  Ambiance: {
    atmosphere: words(`ambiance ambience atmosphere vibe mood feel setting surroundings`),
    noise: words(`music noise noisiness playlist volume acoustics din`),
    decor: words(`heater heating decor décor interior design furniture furnishing lighting candle view terrace
      garden patio courtyard window fireplace`),
    space: words(`room space seating seat table chair booth bench floor corner upstairs downstairs`),
    cleanliness: words(`cleanliness hygiene toilet bathroom loo restroom washroom cutlery glassware
      tablecloth smell`),
  },
  Service: {
    staff: words(`service staff waiter waitress server bartender barman barista sommelier host hostess
      manager owner team employee crew personnel`),
    waiting: words(`wait waiting waited queue queued delay`),
    manner: words(`rude attentive inattentive impolite courteous slow`),
    booking: words(`booking reservation reception welcome greeting order ordering`),
  },
};

/**
 * Categories of describing words ('affordable', 'rude'): they name their aspect beside another's
 * noun, and do not keep a segment's cues from naming theirs ('affordable and tasty').
 */
export const describingCategories: ReadonlySet<string> = new Set(['value words', 'manner']);

/** Aspect cues: name their aspect only in a clause that names none by a noun (see above). */
export const aspectCues: Record<InsightAspect, readonly string[]> = {
  Food: words(`delicious tasty tasteless bland flavourful flavorful flavoursome overcooked undercooked
    raw burnt soggy stale greasy oily salty juicy tender chewy crispy crunchy moreish scrumptious
    yummy appetising appetizing tastier inedible cooked seasoned succulent ate eat eaten`),
  Price: words(`expensive cheap affordable overpriced pricey priced costly reasonable reasonably
    inexpensive steep extortionate paid pay spend spent worth`),
  Ambiance: words(`cosy cozy noisy loud quiet crowded cramped spacious clean dirty filthy grubby
    romantic stuffy peaceful quieter freezing draughty drafty cold gloomy bright airy decorated tidy sticky smelly
    spotless rickety wobbly shabby scruffy drab echoey intimate quaint`),
  Service: words(`friendly unfriendly rude attentive inattentive helpful unhelpful polite impolite
    courteous welcoming welcomed served waited prompt quick fast slow efficient professional
    knowledgeable accommodating dismissive ignored forgot forgotten friendlier friendliest greeted ruder
    slower clueless grumpy brisk curt surly offhand frosty snooty condescending patronising
    overbearing chatty personable hospitable obliging unobtrusive disinterested apologetic`),
};

/** Opinion words and their weights (positive good, negative bad), from 1 (mild) to 3 (strong). */
export const opinionWords: Readonly<Record<string, number>> = Object.fromEntries([
  ...weigh(
    3,
    `amazing outstanding superb excellent exceptional fantastic wonderful incredible perfect perfection
    sublime divine phenomenal stunning spectacular faultless flawless impeccable delightful exquisite
    heavenly magnificent delight delighted star legend best love loved adore adored brilliant glorious`,
  ),
  ...weigh(
    2,
    `great lovely delicious tasty beautiful gorgeous friendly attentive helpful welcoming warm
    charming superb generous fresh flavourful flavorful flavoursome tender juicy crispy succulent
    scrumptious yummy moreish enjoy enjoyed enjoyable pleasant pleasure happy impressed impressive
    recommend recommended affordable bargain cosy cozy romantic relaxed relaxing calm spacious
    clean spotless polite courteous efficient professional prompt quick fast knowledgeable
    accommodating superb nice good tidy airy bright stylish elegant thoughtful kind lively
    comfortable comfy satisfying satisfied pleased awesome cool beautifully perfectly wonderfully
    reasonable reasonably inexpensive fair worth gem favourite favorite authentic homely hearty treat joy smile smiled smiling rich highlight easy warmly peaceful happier nicer
    friendlier tastier fresher kinder cheaper smoothly livelier beats exciting enormous interested
    friendliest nicest tastiest freshest`,
  ),
  ['wait', -1],
  ['waiting', -1],
  ['queue', -1],
  ['waited', -1.5],
  ...weigh(1, `fine decent ok okay cheap solid quiet smooth neat better well appreciated liked care cared`),
  ...weigh(
    -1,
    `average mediocre ordinary bland plain small tiny basic dated slightly salty dry lukewarm
    long busy trouble late hard old dim steep pricey lacking forgettable meh confusing limited cramped`,
  ),
  ...weigh(
    -2,
    `bad poor disappointing disappointed disappoint disappoints letdown cold overcooked undercooked
    soggy stale greasy oily burnt chewy tough rubbery tasteless watery noisy loud crowded stuffy
    draughty drafty gloomy dark dirty grubby sticky smelly rude unfriendly unhelpful inattentive
    impolite dismissive slow ignored forgot forgotten expensive overpriced costly delay delayed
    mistake lack lacked wrong complaint complain complained problem fault
    unpleasant uncomfortable annoying annoyed sadly unfortunately shame pity worse overrated
    underwhelming underwhelmed sloppy careless chaotic hurried rushed raw lacklustre lackluster
    missing unclean tired grease gluey mess rough cheeky overworked crammed freezing damp dull
    lost flat clueless grumpy shambles disgrace joke distracted lumpy ruder slower pricier`,
  ),
  ...weigh(
    -3,
    `terrible awful horrible horrendous disgusting dreadful appalling atrocious inedible vile
    revolting filthy worst hate hated nightmare disaster abysmal shocking extortionate rip ripoff
    avoid unacceptable insulting`,
  ),
  // Version 3: words of restaurant reviews that neither this list nor the general lexicon
  // (opinion-lexicon.ts) rates, or that it rates otherwise ('brisk' there is good).
  ...weigh(
    2,
    `silky velvety zingy zesty fragrant aromatic punchy flaky homemade handmade inventive
    intimate quaint atmospheric chatty personable hospitable obliging unobtrusive ample plentiful
    delish mouthwatering marvellous fab legendary`,
  ),
  ...weigh(1, `golden seasonal filling discreet hefty apologetic`),
  ['charged', -1],
  ...weigh(-1, `brisk tepid chilly absent invisible robotic impersonal overwhelming dried frozen`),
  ...weigh(
    -2,
    `overseasoned undersalted underseasoned stodgy claggy congealed leathery wilted limp mushy gristly
    fatty microwaved reheated flavourless overdone sour rickety wobbly shabby scruffy drab sterile
    soulless echoey curt surly offhand frosty snooty condescending patronising overbearing
    disorganised overcharged overcharge exorbitant astronomical measly meagre paltry skimpy
    unwelcoming disinterested yuck shoddy neglectful issue issues`,
  ),
]);

function weigh(weight: number, list: string) {
  return words(list).map((word) => [word, weight] as const);
}

/**
 * Words whose weight depends on the aspect of their clause: 'high prices' and 'the prices have
 * gone up' are bad, 'a high ceiling' says nothing.
 */
export const aspectOpinions: Partial<Record<InsightAspect, Readonly<Record<string, number>>>> = {
  Price: {
    huge: -2,
    big: -1,
    high: -2,
    higher: -2,
    steep: -2,
    low: 2,
    lower: 2,
    up: -1,
    silly: -2,
    shock: -2,
    fair: 2,
  },
  Service: { short: 1, long: -2, ages: -2, forever: -2, minute: -1, hour: -2 },
  Ambiance: { quiet: 2, quieter: 2, calm: 2, dark: -1, buzzing: 2, buzzy: 2, cold: -2 },
};

/**
 * Negators: they turn the opinion of the next few words (to the next punctuation). A turned
 * opinion counts at `negatedWeight` times its weight: 'not bad' is mildly good, 'not good' bad.
 */
export const negators: ReadonlySet<string> = new Set(
  words(`not no never hardly barely scarcely nothing none nobody neither nor without nowhere
`),
);
export const negationReach = 4;

/**
 * Scarcity: a negator, one of these, then an aspect's noun with no opinion of its own ('barely any
 * flavour', 'hardly any staff', 'not enough seating') is a fault of that aspect, at this weight.
 */
export const scarcityBridges: ReadonlySet<string> = new Set(words(`any much enough many`));
export const scarcityWeight = -1.5;
export const negatedWeight = -0.75;

/** Intensifiers (×) and softeners on the next opinion word. */
export const degreeWords: Readonly<Record<string, number>> = {
  very: 1.5,
  really: 1.5,
  so: 1.5,
  extremely: 2,
  incredibly: 2,
  exceptionally: 2,
  super: 1.5,
  truly: 1.5,
  absolutely: 1.8,
  utterly: 1.8,
  totally: 1.5,
  completely: 1.5,
  thoroughly: 1.5,
  genuinely: 1.3,
  seriously: 1.5,
  particularly: 1.3,
  especially: 1.3,
  most: 1.5,
  such: 1.5,
  properly: 1.3,
  remarkably: 1.5,
  unbelievably: 2,
  ridiculously: 2,
  painfully: 2,
  horribly: 2,
  terribly: 2,
  awfully: 2,
  insanely: 2,
  beyond: 1.5,
  slightly: 0.6,
  somewhat: 0.6,
  fairly: 0.8,
  quite: 1.1,
  rather: 0.8,
  little: 0.6,
  bit: 0.7,
  mildly: 0.6,
  reasonably: 0.8,
  pretty: 1.2,
  less: -1.5,
  far: 1.3,
  way: 1.3,
};

/**
 * 'too' and 'overly' make the next word a fault ('too salty', 'overly sweet', 'far too loud'):
 * a word of no or good weight after them weighs this much.
 */
export const excessWords: ReadonlySet<string> = new Set(['too', 'overly', 'excessively']);
export const excessWeight = -1.5;

/**
 * Comparatives and degree words after which a negator does not turn the opinion: 'could not have
 * been more friendly', 'could not be happier', 'never had such a disappointing meal', 'never had
 * a better meal' keep their word's sense, strengthened.
 */
export const unturnedAfterNegation: ReadonlySet<string> = new Set(
  words(`more less better happier nicer friendlier kinder tastier fresher worse such so ever`),
);

/**
 * Contrast: a sentence is read as clauses split at these words, and an opinion word's clause
 * owns it. 'except' (and 'apart from') also gives the part after it the opposite of the part
 * before, when the part after says nothing itself ('all lovely except the dessert').
 */
export const contrastConjunctions: ReadonlySet<string> = new Set(
  words(`but though although however yet whereas except apart_from other_than while whilst`),
);
export const exceptionWords: ReadonlySet<string> = new Set(['except', 'apart_from', 'other_than']);
/** Conjunctions that open a sentence's first clause ('Although …, …'): that clause ends at its first comma. */
export const leadingConjunctions: ReadonlySet<string> = new Set(
  words(`though although while whilst whereas despite except apart_from other_than`),
);
