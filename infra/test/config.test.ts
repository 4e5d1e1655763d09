// Deployment settings: context over environment over offline defaults.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { App } from "aws-cdk-lib";
import { readConfig } from "../lib/config.ts";

const SENDER = { senderEmail: "orders@mail.maison-lan-anh.com" };
const config = (context: Record<string, string>, env: NodeJS.ProcessEnv = {}) => readConfig(new App({ context }).node, env);

describe("readConfig", () => {
  it("synthesizes with a sender alone (offline, no credentials), on the staging stage", () => {
    const c = config(SENDER);
    assert.equal(c.stage, "staging");
    assert.equal(c.region, "us-east-1");
    assert.equal(c.account, undefined);
    assert.equal(c.houseEmail, "orders@mail.maison-lan-anh.com");
    assert.equal(c.senderIdentity, "create");
    assert.equal(c.monthlyBudgetUsd, 100);
    assert.deepEqual(c.paymentHosts, []);
  });

  it("never makes up a sender (its SES identity could not be verified)", () => {
    assert.throws(() => config({}), /senderEmail is required/);
  });

  it("takes the stage from context or SHOP_STAGE and refuses names unfit for stacks", () => {
    assert.equal(config({ ...SENDER, stage: "prod" }).stage, "prod");
    assert.equal(config(SENDER, { SHOP_STAGE: "dev-ann" }).stage, "dev-ann");
    for (const bad of ["Prod", "p", "1prod", "prod_eu", "a-very-long-stage-name-x"]) {
      assert.throws(() => config({ ...SENDER, stage: bad }), /stage/, bad);
    }
  });

  it("reads the sender identity mode and the budget", () => {
    const c = config({ ...SENDER, senderIdentity: "existing", monthlyBudgetUsd: "250" });
    assert.equal(c.senderIdentity, "existing");
    assert.equal(c.monthlyBudgetUsd, 250);
    assert.throws(() => config({ ...SENDER, senderIdentity: "maybe" }), /senderIdentity/);
    assert.throws(() => config({ ...SENDER, monthlyBudgetUsd: "-1" }), /monthlyBudgetUsd/);
  });

  it("turns WAF on for prod and off elsewhere unless told, and refuses anything but true or false", () => {
    assert.equal(config(SENDER).waf, false);
    assert.equal(config({ ...SENDER, stage: "prod" }).waf, true);
    assert.equal(config({ ...SENDER, stage: "prod", waf: "false" }).waf, false);
    assert.equal(config({ ...SENDER, stage: "prod" }, { SHOP_WAF: "false" }).waf, false);
    assert.equal(config({ ...SENDER, waf: "true" }).waf, true);
    assert.equal(config(SENDER, { SHOP_WAF: "1" }).waf, true);
    assert.throws(() => config({ ...SENDER, stage: "prod", waf: "off" }), /waf must be true or false/);
  });

  it("prefers context to the environment", () => {
    const c = config({ region: "eu-west-3" }, { CDK_DEFAULT_REGION: "us-west-2", SHOP_SENDER_EMAIL: "shop@mail.example.org" });
    assert.equal(c.region, "eu-west-3");
    assert.equal(c.senderEmail, "shop@mail.example.org");
  });

  it("derives the sender from the domain and requires a certificate with it", () => {
    assert.throws(() => config({ domainName: "shop.example.com" }), /certificateArn/);
    const c = config({ domainName: "shop.example.com", certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc" });
    assert.equal(c.senderEmail, "no-reply@shop.example.com");
  });

  it("rejects a sender that is not an address", () => {
    assert.throws(() => config({ senderEmail: "orders" }), /not an address/);
  });

  it("allows the sandbox origin and the payment hosts in the CSP, once each", () => {
    const c = config({ ...SENDER, sandboxUrl: "https://pay.example.net/sandbox/", paymentHosts: "https://pay.example.net/x, https://cdn.example.net" });
    assert.equal(c.sandboxUrl, "https://pay.example.net/sandbox");
    assert.deepEqual(c.paymentHosts, ["https://pay.example.net", "https://cdn.example.net"]);
  });
});
