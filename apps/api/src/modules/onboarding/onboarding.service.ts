import type { Kysely, Updateable } from 'kysely';
import { isGuest } from '@krowd/domain/access/access.rules';
import type { SignedIn } from '@krowd/domain/auth/auth-response.schema';
import { campaignFormSchema, type CampaignForm } from '@krowd/domain/campaign/campaign.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { OnboardingComplete, OnboardingProgress } from '@krowd/domain/onboarding/onboarding.schema';
import type { SessionUser } from '@krowd/domain/user/session-user.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext, UserAccount } from '../../http/caller.ts';
import type { DeviceDetails } from '../../http/device.ts';
import { badRequest, conflict, invalidField } from '../../http/errors.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { AuthService, Clock } from '../auth/auth.service.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import type { BranchesRepository } from '../branches/branches.repository.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { OnboardingRepository } from './onboarding.repository.ts';

const m = messages.onboarding;

type LiveBranch = Awaited<ReturnType<BranchesRepository['branchesOfBrand']>>[number];

/** A branch a transaction can be matched to: it has at least one of the three merchant IDs. */
const hasMerchantId = (branch: LiveBranch) =>
  Boolean(branch.mastercard_merchant_id || branch.amex_merchant_id || branch.zettle_merchant_id);

/** A brandId sent by the spec's client may only name the caller's own brand. */
function checkOwnBrand(account: UserAccount, brandId: string | undefined, field: string) {
  if (brandId !== undefined && brandId !== account.brand_id) {
    throw invalidField(field, messages.validation.invalidValue);
  }
}

/**
 * The guest onboarding train (spec 1 §4, spec 2 §4, §7): the first campaign's form is saved on the
 * user, the Payment Details and Branch steps are recorded as passed, and Account Settings turns the
 * guest into a full account in one transaction: password, names, the campaign from the saved form,
 * the flags, and the end of every session the guest had.
 */
export function createOnboardingService(deps: {
  db: Kysely<DB>;
  users: UsersRepository;
  sessions: Pick<AuthRepository, 'endSessionsOfUser'>;
  auth: Pick<AuthService, 'sessionUserOf' | 'signIn'>;
  campaigns: Pick<CampaignsService, 'monthOutsideWindow' | 'prepareOnboardingCampaign'>;
  branches: Pick<BranchesRepository, 'branchesOfBrand'>;
  settings: Pick<SettingsRepository, 'read'>;
  onboarding: OnboardingRepository;
  clock: Clock;
}) {
  const { db, users, sessions, auth, campaigns, branches, settings, onboarding, clock } = deps;

  /** Writes the user's flags and answers the session user as it now stands. */
  async function updated(caller: AuthContext, values: Updateable<DB['users']>): Promise<SessionUser> {
    await users.updateUser(caller.account.id, values);
    const account = await users.findAccountById(caller.account.id);
    if (!account) throw conflict(m.updateFailed);
    return auth.sessionUserOf(account, caller.source);
  }

  /** Skip is refused when direct debit is mandatory and the brand has no mandate that will collect. */
  async function checkPaymentStep(brandId: string) {
    if ((await settings.read()).autoDebit !== 'Mandatory') return;
    if (!(await onboarding.hasCollectingMandate(brandId))) throw conflict(m.directDebitRequired);
  }

  /** The Branch step is passed with at least one live branch that has a merchant ID. */
  async function checkBranchStep(brandId: string) {
    if (!(await branches.branchesOfBrand(brandId)).some(hasMerchantId)) {
      throw badRequest(m.merchantIdRequired, { stepThree: m.merchantIdRequired });
    }
  }

  return {
    /**
     * Create Campaign (spec 1 §4): the form's data is kept on the user until the account is set
     * up, and the terms dialog's acceptance recorded with it. Saving again (Back to the form)
     * replaces the data and keeps the steps passed since.
     */
    async saveCampaign(caller: AuthContext, form: CampaignForm): Promise<SessionUser> {
      checkOwnBrand(caller.account, form.brandId, 'stepOneData.brandId');
      const window = campaigns.monthOutsideWindow(caller, form.start_date);
      if (window) {
        const message = messages.campaign.monthOutsideWindow(window.first, window.last);
        throw invalidField('stepOneData.start_date', message);
      }
      // The device is the request's, read by the server; it is not part of the campaign.
      const stepOneData = { ...form, deviceInfo: undefined };
      return updated(caller, {
        step_one: true,
        step_one_data: JSON.stringify(stepOneData),
        step: 'campaign',
        is_t_and_c_accepted: true,
      });
    },

    /**
     * Payment Details and Branch (spec 2 §4): stepTwo true passes the payment step (a mandate set
     * up, or Skip when direct debit is not mandatory), false takes it back and the Branch step with
     * it; stepThree true passes the Branch step, false is Back from it.
     */
    async recordProgress(caller: AuthContext, progress: OnboardingProgress): Promise<SessionUser> {
      const { account } = caller;
      checkOwnBrand(account, progress.brandId, 'brandId');
      if (!account.step_one || !account.brand_id) throw conflict(m.campaignFirst);
      const values: Updateable<DB['users']> = { step: progress.step };
      if (progress.stepTwo !== undefined) {
        if (progress.stepTwo) await checkPaymentStep(account.brand_id);
        values.step_two = progress.stepTwo;
        if (!progress.stepTwo) values.step_three = false;
      }
      if (progress.stepThree !== undefined) {
        if (progress.stepThree) {
          if (!(values.step_two ?? account.step_two)) throw conflict(m.paymentFirst);
          await checkBranchStep(account.brand_id);
        }
        values.step_three = progress.stepThree;
      }
      return updated(caller, values);
    },

    /**
     * Account Settings (spec 2 §2.11, §7 'Create password'): the guest becomes a full account and
     * their first campaign is created from the saved form, at all the branches they added, all in
     * one transaction under the user's row lock, so two completes at once create one campaign.
     * Every session of the user ends; the answer is a new, normal session (as a login's).
     */
    async complete(caller: AuthContext, input: OnboardingComplete, device: DeviceDetails): Promise<SignedIn> {
      const { account } = caller;
      if (!account.step_one || !account.step_two || !account.step_three || !account.brand_id) {
        throw conflict(m.stepsIncomplete);
      }
      const brandId = account.brand_id;
      const saved = campaignFormSchema.safeParse(account.step_one_data);
      const window = saved.success ? campaigns.monthOutsideWindow(caller, saved.data.start_date) : null;
      if (!saved.success || window) {
        // Back to the form, its data kept: the guest chooses another month and comes back here.
        await users.updateUser(account.id, { step_one: false, step: 'campaign' });
        throw conflict(window ? m.monthPassed(window.first, window.last) : m.updateFailed);
      }
      const campaign = await campaigns.prepareOnboardingCampaign(caller, saved.data);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        const locked = await users.lockAccountById(account.id, trx);
        if (!locked || !isGuest({ guestUser: locked.guest_user, guestUserFlag: locked.guest_user_flag })) {
          throw conflict(m.alreadyCompleted);
        }
        // Anything saved since this request read the user (another tab's form) is not what was checked.
        if (locked.version !== account.version) throw conflict(m.updateFailed);
        const live = await branches.branchesOfBrand(brandId, trx);
        if (!live.some(hasMerchantId))
          throw badRequest(m.merchantIdRequired, { stepThree: m.merchantIdRequired });
        await campaign.createIn(
          trx,
          live.map((branch) => branch.id),
        );
        await users.updateUser(
          account.id,
          {
            password_hash: passwordHash,
            first_name: input.firstName,
            last_name: input.lastName,
            phone: input.phone,
            is_t_and_c_accepted: true,
            process_completed: true,
            guest_user: false,
            guest_user_flag: false,
            step: 'password',
            is_first_login: false,
          },
          trx,
        );
        await sessions.endSessionsOfUser(account.id, clock(), trx);
      });
      const completed = await users.findAccountById(account.id);
      if (!completed) throw conflict(m.updateFailed);
      return auth.signIn(completed, device);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
