// Deployment settings: context over environment over offline defaults.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { App } from 'aws-cdk-lib';
import { readConfig } from '../lib/config.ts';

const config = (context: Record<string, string>, env: NodeJS.ProcessEnv = {}) => readConfig(new App({ context }).node, env);

describe('readConfig', () => {
  it('synthesizes with no settings at all (offline, no credentials)', () => {
    const c = config({});
    assert.equal(c.region, 'us-east-1');
    assert.equal(c.account, undefined);
    assert.equal(c.senderEmail, 'no-reply@example.com');
    assert.equal(c.houseEmail, 'no-reply@example.com');
    assert.deepEqual(c.paymentHosts, []);
  });

  it('prefers context to the environment', () => {
    const c = config({ region: 'eu-west-3' }, { CDK_DEFAULT_REGION: 'us-west-2', SHOP_SENDER_EMAIL: 'shop@mail.example.org' });
    assert.equal(c.region, 'eu-west-3');
    assert.equal(c.senderEmail, 'shop@mail.example.org');
  });

  it('derives the sender from the domain and requires a certificate with it', () => {
    assert.throws(() => config({ domainName: 'shop.example.com' }), /certificateArn/);
    const c = config({ domainName: 'shop.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' });
    assert.equal(c.senderEmail, 'no-reply@shop.example.com');
  });

  it('rejects a sender that is not an address', () => {
    assert.throws(() => config({ senderEmail: 'orders' }), /not an address/);
  });

  it('allows the sandbox origin and the payment hosts in the CSP, once each', () => {
    const c = config({ sandboxUrl: 'https://pay.example.net/sandbox/', paymentHosts: 'https://pay.example.net/x, https://cdn.example.net' });
    assert.equal(c.sandboxUrl, 'https://pay.example.net/sandbox');
    assert.deepEqual(c.paymentHosts, ['https://pay.example.net', 'https://cdn.example.net']);
  });
});
