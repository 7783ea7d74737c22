import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { guestMenuAlert, resumeStepOf, type OnboardingFlags } from './onboarding.rules.ts';

const flags = (set: Partial<OnboardingFlags>): OnboardingFlags => ({
  stepOne: false,
  stepTwo: false,
  stepThree: false,
  proceesCompleted: false,
  ...set,
});

describe('resumeStepOf', () => {
  it('starts a new guest at the campaign form', () => {
    expect(resumeStepOf(flags({}))).toBe('campaign');
  });

  it('resumes at Payment Details once the campaign is saved', () => {
    expect(resumeStepOf(flags({ stepOne: true }))).toBe('payment');
  });

  it('resumes at Branch once the payment step is passed', () => {
    expect(resumeStepOf(flags({ stepOne: true, stepTwo: true }))).toBe('branch');
  });

  it('resumes at Account Settings once the payment and branch steps are passed', () => {
    expect(resumeStepOf(flags({ stepOne: true, stepTwo: true, stepThree: true }))).toBe('password');
  });

  it('answers completed once the process is completed, whatever the other flags say', () => {
    expect(resumeStepOf(flags({ proceesCompleted: true }))).toBe('completed');
    expect(
      resumeStepOf(flags({ stepOne: true, stepTwo: true, stepThree: true, proceesCompleted: true })),
    ).toBe('completed');
  });

  it('goes back to the form when the saved campaign was reset, keeping the steps passed for later', () => {
    expect(resumeStepOf(flags({ stepTwo: true, stepThree: true }))).toBe('campaign');
  });

  it('resumes at Branch after Back from Branch cleared stepThree', () => {
    expect(resumeStepOf(flags({ stepOne: true, stepTwo: true, stepThree: false }))).toBe('branch');
  });
});

describe('guestMenuAlert', () => {
  it('tells a guest the features come with the first campaign, before it is saved', () => {
    expect(guestMenuAlert({ stepOne: false })).toBe(messages.auth.guestFeatureLocked);
  });

  it('asks a guest in the train to complete the onboarding first (spec 1 §8)', () => {
    expect(guestMenuAlert({ stepOne: true })).toBe(
      'Please complete the onboarding process in order to move on another page.',
    );
  });
});
