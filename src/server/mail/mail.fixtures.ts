import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

/**
 * A test app that mails through a local SMTP capture: both open before the enclosing block's tests and
 * close after them. Read `t` and `smtp` inside the tests (they are set by then).
 */
export function appWithSmtp(config: Partial<Config> = {}): { t: TestApp; smtp: SmtpCapture } {
  const env = {} as { t: TestApp; smtp: SmtpCapture };
  beforeAll(async () => {
    env.smtp = await startSmtpCapture();
    env.t = await createTestApp({ config: { SMTP_URL: env.smtp.url, ...config } });
  });
  afterAll(async () => {
    await env.t.close();
    await env.smtp.close();
  });
  return env;
}
