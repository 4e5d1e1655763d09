// Deployment settings: CDK context (`-c key=value` or cdk.json) first, then
// the environment, then offline-safe defaults, so `cdk synth` needs neither
// AWS credentials nor lookups.
import type { Node } from "constructs";

export interface ShopConfig {
  /**
   * The deployment's stage (e.g. staging, prod): it names the stacks, tags
   * every resource and names the SES configuration set and the budget, so
   * several stages live side by side in one account.
   */
  readonly stage: string;
  /** Target account; absent means the account of the deploying credentials. */
  readonly account?: string;
  readonly region: string;
  /** The shop's own host name (e.g. shop.example.com); absent = the CloudFront domain. */
  readonly domainName?: string;
  /** ACM certificate in us-east-1 covering domainName (required with it). */
  readonly certificateArn?: string;
  /** The From address of the shop's mail; its domain becomes the SES identity. */
  readonly senderEmail: string;
  /**
   * `create`: this stage creates the sender domain's SES identity;
   * `existing`: another stage (or the console) already did, so this one only
   * sends from it (two stacks cannot create the same identity).
   */
  readonly senderIdentity: "create" | "existing";
  /** Where made-to-order requests and appointments are mailed (HOUSE_EMAIL). */
  readonly houseEmail: string;
  /** Base URL of the payment provider and social sign-in (SANDBOX_URL of the functions). */
  readonly sandboxUrl?: string;
  /** Origins the site's CSP allows for the payment SDK's scripts, frames and calls. */
  readonly paymentHosts: readonly string[];
  /** Who is told when an alarm fires (an SNS e-mail subscription). */
  readonly alarmEmail?: string;
  readonly logRetentionDays: number;
  /** The stage's monthly cost budget in USD (alerts at 80% actual and 100% forecast); 0 = none. */
  readonly monthlyBudgetUsd: number;
  /** API Gateway throttling of the whole stage. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /** How a new function version takes the traffic (CodeDeploy; rolled back when its alarms fire). */
  readonly deployment: Deployment;
  /**
   * AWS WAF (AWS managed rules and a per-address rate limit) on the
   * distribution: on by default for prod, off for the other stages.
   */
  readonly waf: boolean;
  /** Requests per 5 minutes one address may send before WAF blocks it. */
  readonly wafRateLimit: number;
  /** The account's Lambda concurrency limit (the alarm fires at 80% of it). */
  readonly accountConcurrency: number;
  /** The p99 duration (ms) of a function that wakes someone. */
  readonly p99LatencyMs: number;
}

export const DEPLOYMENTS = ["canary", "linear", "all-at-once"] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

const positive = (value: string | undefined, fallback: number, name: string): number => {
  const n = Number(value ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};

const STAGE_NAME = /^[a-z][a-z0-9-]{1,19}$/;

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");

/**
 * `-c waf=true|false` (or SHOP_WAF) when given; else on for prod, the stage
 * customers reach, and off for the others (a web ACL and its rules cost
 * every month, whatever the traffic).
 */
function wafOf(value: string | undefined, stage: string): boolean {
  if (value === undefined) return stage === "prod";
  if (["true", "1"].includes(value)) return true;
  if (["false", "0"].includes(value)) return false;
  throw new Error(`waf must be true or false, not '${value}'`);
}

function originOf(url: string): string {
  const parsed = new URL(url);
  return parsed.origin;
}

export function readConfig(node: Node, env: NodeJS.ProcessEnv = process.env): ShopConfig {
  const get = (key: string, envName?: string): string | undefined => {
    const fromContext = node.tryGetContext(key);
    if (fromContext !== undefined && fromContext !== "") return String(fromContext);
    const fromEnv = envName ? env[envName] : undefined;
    return fromEnv && fromEnv !== "" ? fromEnv : undefined;
  };
  const domainName = get("domainName", "SHOP_DOMAIN");
  const certificateArn = get("certificateArn", "SHOP_CERTIFICATE_ARN");
  if (domainName && !certificateArn) {
    throw new Error("domainName needs certificateArn (an ACM certificate in us-east-1 covering it)");
  }
  const stage = get("stage", "SHOP_STAGE") ?? "staging";
  if (!STAGE_NAME.test(stage)) throw new Error(`stage '${stage}' must be lower-case letters, digits and dashes (2 to 20, a letter first)`);
  // A made-up sender would create an SES identity no one can verify.
  const senderEmail = get("senderEmail", "SHOP_SENDER_EMAIL") ?? (domainName ? `no-reply@${domainName}` : undefined);
  if (!senderEmail) throw new Error("senderEmail is required (or domainName, whose no-reply@ address is used): the shop mails from it");
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(senderEmail)) throw new Error(`senderEmail '${senderEmail}' is not an address`);
  const houseEmail = get("houseEmail", "SHOP_HOUSE_EMAIL") ?? senderEmail;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(houseEmail)) throw new Error(`houseEmail '${houseEmail}' is not an address`);
  const sandboxUrl = get("sandboxUrl", "SHOP_SANDBOX_URL");
  const paymentHosts = list(get("paymentHosts", "SHOP_PAYMENT_HOSTS")).map(originOf);
  if (sandboxUrl && !paymentHosts.includes(originOf(sandboxUrl))) paymentHosts.unshift(originOf(sandboxUrl));
  const senderIdentity = get("senderIdentity", "SHOP_SENDER_IDENTITY") ?? "create";
  if (senderIdentity !== "create" && senderIdentity !== "existing") throw new Error(`senderIdentity must be create or existing, not '${senderIdentity}'`);
  const monthlyBudgetUsd = Number(get("monthlyBudgetUsd", "SHOP_MONTHLY_BUDGET_USD") ?? 100);
  if (!Number.isFinite(monthlyBudgetUsd) || monthlyBudgetUsd < 0) throw new Error("monthlyBudgetUsd must be a number of dollars (0 for none)");
  const deployment = (get("deployment", "SHOP_DEPLOYMENT") ?? "canary") as Deployment;
  if (!DEPLOYMENTS.includes(deployment)) throw new Error(`deployment must be one of ${DEPLOYMENTS.join(", ")}, not '${deployment}'`);
  return {
    stage,
    deployment,
    waf: wafOf(get("waf", "SHOP_WAF"), stage),
    wafRateLimit: positive(get("wafRateLimit"), 1000, "wafRateLimit"),
    accountConcurrency: positive(get("accountConcurrency"), 1000, "accountConcurrency"),
    p99LatencyMs: positive(get("p99LatencyMs"), 3000, "p99LatencyMs"),
    senderIdentity,
    monthlyBudgetUsd,
    account: get("account", "CDK_DEFAULT_ACCOUNT"),
    region: get("region", "CDK_DEFAULT_REGION") ?? env.AWS_REGION ?? "us-east-1",
    domainName,
    certificateArn,
    senderEmail,
    houseEmail,
    sandboxUrl: sandboxUrl?.replace(/\/+$/, ""),
    paymentHosts,
    alarmEmail: get("alarmEmail", "SHOP_ALARM_EMAIL"),
    logRetentionDays: Number(get("logRetentionDays") ?? 30),
    throttle: {
      rateLimit: Number(get("apiRateLimit") ?? 200),
      burstLimit: Number(get("apiBurstLimit") ?? 400),
    },
  };
}

export const senderDomain = (config: ShopConfig) => config.senderEmail.split("@")[1];

/** The stage as a stack-name part: staging -> Staging, dev-ann -> DevAnn. */
export const stagePart = (stage: string) => stage.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The stage's SES configuration set (suppression of bounces and complaints, event metrics). */
export const configurationSetName = (config: ShopConfig) => `couture-${config.stage}`;
