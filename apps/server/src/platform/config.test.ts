import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ZERO_ADDRESS } from './config';

describe('loadConfig', () => {
  it('fills defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicOrigin: 'http://localhost:8080',
      chainId: 31337,
      chainRpcUrls: ['http://127.0.0.1:8545'],
      platformFee: '2.5',
      logLevel: 'info',
      rateLimitMax: 600,
      contracts: { att: ZERO_ADDRESS, items: ZERO_ADDRESS, market: ZERO_ADDRESS },
    });
    expect(c.dataDir.endsWith('/.data')).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
  });

  it('reads every variable and normalizes', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      PUBLIC_ORIGIN: 'https://market.example.com/some/path',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/att',
      REDIS_URL: 'redis://r:6379',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'a <a@b.c>',
      CHAIN_ID: '8217',
      CHAIN_RPC_URL: 'https://public-en.node.kaia.io',
      CONTRACT_ATT: '0xAbCdEf0123456789abcdef0123456789ABCDEF01',
      PLATFORM_FEE: '3',
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      EMPTY_IS_IGNORED: '',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      publicOrigin: 'https://market.example.com',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@db:5432/att',
      chainId: 8217,
      chainExplorerUrl: 'https://kaiascan.io',
      platformFee: '3',
      webDist: '/srv/web',
      rateLimitMax: 0,
      corsOrigins: ['https://a.example', 'https://b.example'],
    });
    expect(c.contracts.att).toBe('0xabcdef0123456789abcdef0123456789abcdef01');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('fails loudly, naming every malformed variable', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        CHAIN_ID: '-1',
        CONTRACT_ATT: '0x123',
        PUBLIC_ORIGIN: 'not a url',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as Error).message;
      for (const name of ['PORT', 'CHAIN_ID', 'CONTRACT_ATT', 'PUBLIC_ORIGIN', 'DATABASE_URL', 'LOG_LEVEL'])
        expect(text).toContain(name);
    }
  });
});

describe('TRUST_PROXY (issue 7, item 8)', () => {
  it('accepts false, a hop count, or proxy addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses true (anyone could pick their IP) and anything malformed, naming the variable', () => {
    for (const bad of ['true', 'TRUE', 'yes', '10.0.0.0/33', 'proxy.example.com', '1,2', '100']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('mail quotas', () => {
  it('default to 10 verification mails per client and 500 overall per hour, and are configurable', () => {
    expect(loadConfig({}).mailQuota).toEqual({ perClient: 10, global: 500 });
    expect(loadConfig({ MAIL_QUOTA_PER_CLIENT: '3', MAIL_QUOTA_GLOBAL: '0' }).mailQuota).toEqual({
      perClient: 3,
      global: 0,
    });
    expect(() => loadConfig({ MAIL_QUOTA_PER_CLIENT: '-1' })).toThrow(/MAIL_QUOTA_PER_CLIENT/);
  });
});

describe('REDIS_PREFIX and REDIS_ALERTS_CHANNEL', () => {
  it('default to the names every instance shares, take others, and refuse a malformed one', () => {
    expect(loadConfig({})).toMatchObject({ redisPrefix: 'att', redisAlertsChannel: 'att:alerts' });
    expect(loadConfig({ REDIS_PREFIX: 'att:staging' })).toMatchObject({
      redisPrefix: 'att:staging',
      redisAlertsChannel: 'att:staging:alerts',
    });
    // The channel alone, as before REDIS_PREFIX: the rate limits keep their keys under it.
    expect(loadConfig({ REDIS_ALERTS_CHANNEL: 'att:alerts:staging' })).toMatchObject({
      redisPrefix: 'att:alerts:staging',
      redisAlertsChannel: 'att:alerts:staging',
    });
    for (const name of ['REDIS_PREFIX', 'REDIS_ALERTS_CHANNEL'])
      for (const bad of ['has space', 'x'.repeat(101), 'att/alerts'])
        expect(() => loadConfig({ [name]: bad }), bad).toThrow(new RegExp(name));
  });
});

describe('CHAIN_RPC_URL', () => {
  it('takes a comma-separated list of nodes, in order, and refuses a malformed entry or an empty list', () => {
    expect(loadConfig({ CHAIN_RPC_URL: 'https://a.example/rpc, https://b.example:8551' }).chainRpcUrls).toEqual([
      'https://a.example/rpc',
      'https://b.example:8551',
    ]);
    expect(() => loadConfig({ CHAIN_RPC_URL: 'https://a.example, not a url' })).toThrow(/CHAIN_RPC_URL/);
    expect(() => loadConfig({ CHAIN_RPC_URL: ' , ' })).toThrow(/CHAIN_RPC_URL/);
  });
});

describe('INDEXER_CONFIRMATIONS', () => {
  it('defaults to 0 on Kaia (final at once) and the dev chain, 1 on another EVM chain, and takes a number', () => {
    const confirmations = (env: Record<string, string>) => loadConfig(env).trading.confirmations;
    expect(confirmations({ CHAIN_ID: '8217' })).toBe(0);
    expect(confirmations({ CHAIN_ID: '1001' })).toBe(0);
    expect(confirmations({})).toBe(0);
    expect(confirmations({ CHAIN_ID: '1' })).toBe(1);
    expect(confirmations({ CHAIN_ID: '8217', INDEXER_CONFIRMATIONS: '3' })).toBe(3);
  });
});

describe('PUBLIC_CHAIN_RPC_URL', () => {
  it("defaults to Kaia's public node, else to a CHAIN_RPC_URL without a key, else none; an operator's wins", () => {
    const pub = (env: Record<string, string>) => loadConfig(env).publicChainRpcUrl;
    const keyed = 'https://node.provider.example/v3/0123456789abcdef0123';
    expect(pub({ CHAIN_ID: '8217', CHAIN_RPC_URL: keyed })).toBe('https://public-en.node.kaia.io');
    expect(pub({ CHAIN_ID: '1001', CHAIN_RPC_URL: keyed })).toBe('https://public-en-kairos.node.kaia.io');
    expect(pub({})).toBe('http://127.0.0.1:8545');
    expect(pub({ CHAIN_ID: '5', CHAIN_RPC_URL: keyed })).toBeUndefined();
    expect(pub({ CHAIN_ID: '5', CHAIN_RPC_URL: 'https://u:p@node.example' })).toBeUndefined();
    expect(pub({ CHAIN_ID: '8217', CHAIN_RPC_URL: keyed, PUBLIC_CHAIN_RPC_URL: 'https://rpc.example' })).toBe(
      'https://rpc.example',
    );
  });
});
