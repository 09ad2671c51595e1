import { describe, expect, it } from 'vitest';
import { loadConfig, parseEmailList } from '#lib/config';
import { initialRoleFor } from '#data/profile';

describe('loadConfig', () => {
  it('fails at cold start when a required variable is missing', () => {
    expect(() => loadConfig({ APP_VERSION: '1' })).toThrow('Missing required environment variable TABLE_NAME');
    expect(() => loadConfig({ TABLE_NAME: 't', APP_VERSION: '  ' })).toThrow('APP_VERSION');
  });

  it('reads the table, version and local endpoint', () => {
    const config = loadConfig({ TABLE_NAME: 't', APP_VERSION: '1.2.3', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' });
    expect(config).toMatchObject({ tableName: 't', appVersion: '1.2.3', dynamoEndpoint: 'http://127.0.0.1:8000' });
  });
});

describe('super admin e-mails', () => {
  it('parses a comma list, trimmed and lower-cased, ignoring empties', () => {
    expect([...parseEmailList(' A@x.test, ,b@Y.test ')]).toEqual(['a@x.test', 'b@y.test']);
    expect(parseEmailList(undefined).size).toBe(0);
  });

  it('makes configured addresses super admins whatever their case, and everyone else an athlete', () => {
    const configured = parseEmailList('owner@racefinder.test');
    expect(initialRoleFor('Owner@RaceFinder.test', configured)).toBe('superadmin');
    expect(initialRoleFor('someone@racefinder.test', configured)).toBe('athlete');
  });
});
