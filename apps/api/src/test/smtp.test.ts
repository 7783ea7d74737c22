import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

describe('the test SMTP server', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('reads back the envelope, subject, text and HTML that nodemailer sends', async () => {
    const transport = nodemailer.createTransport(smtp.url);
    const longLine = 'A line long enough to be wrapped by quoted-printable encoding, '.repeat(3);
    await transport.sendMail({
      from: 'Krowd <no-reply@krowd.local>',
      to: 'someone@example.test',
      subject: 'Réinitialiser — your password',
      text: `Hello Zoë,\n${longLine}\nhttp://localhost:3000/changerecoverpassword/abc_DEF-123`,
      html: '<p>Hello Zoë</p>',
    });
    transport.close();

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail?.from).toBe('no-reply@krowd.local');
    expect(mail?.to).toEqual(['someone@example.test']);
    expect(mail?.subject).toBe('Réinitialiser — your password');
    expect(mail?.text).toContain('Hello Zoë,');
    expect(mail?.text).toContain(longLine.trim());
    expect(mail?.text).toContain('http://localhost:3000/changerecoverpassword/abc_DEF-123');
    expect(mail?.html).toBe('<p>Hello Zoë</p>');
  });
});
