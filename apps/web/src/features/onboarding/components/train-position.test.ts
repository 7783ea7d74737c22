import { describe, expect, it } from 'vitest';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { stepperIndexOf, trainStartOf } from './train-position.ts';

const guest = (flags: Partial<Record<'stepOne' | 'stepTwo' | 'stepThree' | 'proceesCompleted', boolean>>) =>
  sessionUserFixture({
    guestUser: true,
    guestUserFlag: true,
    proceesCompleted: false,
    stepOne: true,
    ...flags,
  });

describe('where the onboarding train opens', () => {
  it('opens at Payment Details once the campaign is saved', () => {
    expect(trainStartOf(guest({}))).toBe('payment');
  });

  it('resumes at Branch when the payment step was passed', () => {
    expect(trainStartOf(guest({ stepTwo: true }))).toBe('branch');
  });

  it('resumes at Account Settings when the payment and branch steps were passed', () => {
    expect(trainStartOf(guest({ stepTwo: true, stepThree: true }))).toBe('password');
  });

  it('shows the end when the process is completed', () => {
    expect(trainStartOf(guest({ stepTwo: true, stepThree: true, proceesCompleted: true }))).toBe('completed');
  });

  it('opens at the step asked for (the form was just saved again) whatever the flags say', () => {
    expect(trainStartOf(guest({ stepTwo: true, stepThree: true }), 'payment')).toBe('payment');
  });

  it('never opens on the campaign form: the train comes after it', () => {
    expect(trainStartOf(guest({ stepOne: false }))).toBe('payment');
  });

  it('marks every step before the current one as passed, and all of them at the end', () => {
    expect(stepperIndexOf('payment')).toBe(1);
    expect(stepperIndexOf('branch')).toBe(2);
    expect(stepperIndexOf('password')).toBe(3);
    expect(stepperIndexOf('completed')).toBe(4);
  });
});
