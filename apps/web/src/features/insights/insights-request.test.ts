import { describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { ApiError } from '@/lib/api-client';
import { withRespCode } from './insights-request.ts';

describe('withRespCode (spec 3 §4: views update only when respCode is present)', () => {
  it('passes an answer with its respCode on as it is', async () => {
    const answer = { respCode: 200, response: { krowdscore: 72.5 } };
    await expect(withRespCode(Promise.resolve(answer))).resolves.toBe(answer);
  });

  it.each([
    ['without respCode', { response: { krowdscore: 10 } }],
    ['with a respCode that is no number', { respCode: '200', response: { krowdscore: 10 } }],
    ['empty', undefined],
  ])('treats an answer %s as a failure, so the view keeps what it drew', async (_, answer) => {
    const failure = withRespCode(Promise.resolve(answer));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow(messages.common.somethingWentWrong);
  });
});
