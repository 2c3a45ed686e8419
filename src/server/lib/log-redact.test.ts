import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { freshDatabase } from '../test/database.js';
import { redactUrl } from './log-redact.js';

describe('request log redaction', () => {
  it('drops the reset page query and any token, password or code parameter', () => {
    expect(redactUrl('/reset-password?token=s3cret&x=1')).toBe('/reset-password?[redacted]');
    expect(redactUrl('/api/x?team=3&token=s3cret')).toBe('/api/x?team=3&token=[redacted]');
    expect(redactUrl('/api/x?TOKEN=a&Password=b&code=c&q=d')).toBe('/api/x?TOKEN=[redacted]&Password=[redacted]&code=[redacted]&q=d');
    expect(redactUrl('/api/x?%74oken=s3cret')).toBe('/api/x?%74oken=[redacted]');
    expect(redactUrl('/app/teams')).toBe('/app/teams');
  });

  it('the running server never writes a reset token to its log', async () => {
    const lines: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'club-log-'));
    writeFileSync(join(dir, 'index.html'), '<p>app</p>');
    const database = await freshDatabase();
    const app = await buildApp({
      config: loadConfig({}, { LOG_LEVEL: 'info', CLIENT_DIR: dir }),
      database,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      await app.ready();
      await app.inject({ method: 'GET', url: '/reset-password?token=NeverLogMe123' });
      await app.inject({ method: 'GET', url: '/api/health?token=NeverLogMe456' });
      const log = lines.join('');
      expect(log).toContain('/reset-password?[redacted]');
      expect(log).not.toContain('NeverLogMe');
    } finally {
      await app.close();
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
