// The whole shop as stacks, in deploy order:
//   Data, Blobs, Email, Secrets, Api -> [Firewall, us-east-1] -> Site (CloudFront)
//   -> Operations (alarm topic) -> Functions (+ routes, aliases, CodeDeploy)
//   -> Pages (the site's files) -> EdgeAlarms (us-east-1).
// The functions come after the distribution because SITE_URL is its address;
// the pages come after the functions so a failed release never goes live.
import { type App, type Environment, ReferenceStrength, Stack, Tags } from "aws-cdk-lib";
import { ApiStack } from "./api-stack.ts";
import { BlobsStack } from "./blobs-stack.ts";
import { configurationSetName, type ShopConfig, senderDomain, stagePart } from "./config.ts";
import { DataStack } from "./data-stack.ts";
import { EdgeAlarmsStack } from "./edge-alarms-stack.ts";
import type { RewriteRule } from "./edge-functions.ts";
import { EmailStack } from "./email-stack.ts";
import { FirewallStack } from "./firewall-stack.ts";
import { sharedCachePrefixes } from "./function-access.ts";
import { FunctionsStack } from "./functions-stack.ts";
import { OperationsStack } from "./operations-stack.ts";
import { PagesStack } from "./pages-stack.ts";
import type { FunctionRoutes } from "./routes.ts";
import { SecretsStack } from "./secrets-stack.ts";
import { SiteStack } from "./site-stack.ts";

/** CloudFront's own region: its web ACLs and its metrics (so its alarms) live there. */
export const CLOUDFRONT_REGION = "us-east-1";

/** Context every synth of the shop uses (the CLI's and the tests' alike). */
export const SHOP_CONTEXT = {
  // Cross-stack exports stay until their importers are gone (CloudFormation's own rule).
  "@aws-cdk/core:defaultCrossStackReferences": "strong",
};

export interface ShopInputs {
  readonly config: ShopConfig;
  readonly repoRoot: string;
  readonly routes: readonly FunctionRoutes[];
  readonly rewrites: readonly RewriteRule[];
  readonly siteOut: string;
  readonly sdkWeb: string;
  /** Stack name prefix; default Couture plus the stage (CoutureStaging, CoutureProd...). */
  readonly prefix?: string;
}

export interface Shop {
  readonly data: DataStack;
  readonly blobs: BlobsStack;
  readonly email: EmailStack;
  readonly secrets: SecretsStack;
  readonly api: ApiStack;
  /** Only with WAF on: prod's default, or `-c waf=true`. */
  readonly firewall?: FirewallStack;
  readonly site: SiteStack;
  readonly operations: OperationsStack;
  readonly functions: FunctionsStack;
  readonly pages: PagesStack;
  readonly edgeAlarms: EdgeAlarmsStack;
}

export function buildShop(app: App, inputs: ShopInputs): Shop {
  const { config } = inputs;
  const prefix = inputs.prefix ?? `Couture${stagePart(config.stage)}`;
  const env: Environment = { account: config.account, region: config.region };
  const props = (description: string) => ({ env, description: `Couture storefront (${config.stage}): ${description}` });
  // The stacks that hold what a redeploy cannot bring back refuse deletion.
  const stateful = (description: string) => ({ ...props(description), terminationProtection: true });

  const data = new DataStack(app, `${prefix}Data`, stateful("the single table"));
  const blobs = new BlobsStack(app, `${prefix}Blobs`, stateful("product imagery and invoices"));
  const email = new EmailStack(app, `${prefix}Email`, {
    ...props("SES sender identity and configuration set"),
    senderDomain: senderDomain(config),
    createIdentity: config.senderIdentity === "create",
    configurationSetName: configurationSetName(config),
  });
  const secrets = new SecretsStack(app, `${prefix}Secrets`, stateful("session key and third-party credentials"));
  const api = new ApiStack(app, `${prefix}Api`, { ...props("HTTP API"), config });
  const global = (description: string) => ({ ...props(description), env: { ...env, region: CLOUDFRONT_REGION } });
  const firewall = config.waf
    ? new FirewallStack(app, `${prefix}Firewall`, { ...global("AWS WAF of the distribution"), stage: config.stage, rateLimit: config.wafRateLimit })
    : undefined;
  const site = new SiteStack(app, `${prefix}Site`, {
    ...props("CloudFront and its buckets"),
    config,
    api: api.api,
    blobsBucket: blobs.bucket,
    siteOut: inputs.siteOut,
    rewrites: inputs.rewrites,
    originVerify: secrets.originVerify,
    sharedCachePrefixes: sharedCachePrefixes(inputs.routes),
    // Weak (Fn::GetStackOutput): the only way across regions without a custom resource.
    webAclArn: firewall ? Stack.consumeReference(firewall.webAcl.attrArn, ReferenceStrength.WEAK) : undefined,
  });
  const operations = new OperationsStack(app, `${prefix}Operations`, {
    ...props("alarm topic, budget, stage-wide alarms and dashboard"),
    api: api.api,
    accessLogs: api.accessLogs,
    table: data.table,
    distribution: site.distribution,
    configurationSetName: configurationSetName(config),
    alarmEmail: config.alarmEmail,
    stage: config.stage,
    monthlyBudgetUsd: config.monthlyBudgetUsd,
    accountConcurrency: config.accountConcurrency,
  });
  const functions = new FunctionsStack(app, `${prefix}Functions`, {
    ...props("API functions, their releases and alarms, and routes"),
    config,
    repoRoot: inputs.repoRoot,
    routes: inputs.routes,
    table: data.table,
    blobsBucket: blobs.bucket,
    sessionKey: secrets.sessionKey,
    secrets: secrets.byName,
    originVerify: secrets.originVerify,
    configurationSetName: configurationSetName(config),
    api: api.api,
    accessLogs: api.accessLogs,
    alarmTopic: operations.topic,
    siteUrl: site.siteUrl,
    allowedOrigins: site.allowedOrigins,
    assetsUrl: site.assetsUrl,
  });
  // By name, not by export: the functions send through the configuration set.
  functions.addStackDependency(email, "the functions send through the configuration set");
  const pages = new PagesStack(app, `${prefix}Pages`, {
    ...props("the site and the payment SDK"),
    bucket: site.bucket,
    distribution: site.distribution,
    siteOut: inputs.siteOut,
    sdkWeb: inputs.sdkWeb,
    assetsBucket: site.assetsBucket,
    assetsDistribution: site.assetsDistribution,
  });
  // After the functions: a release they failed (rolled back) stops before its pages.
  pages.addStackDependency(functions, "pages go live only on functions that deployed");
  const edgeAlarms = new EdgeAlarmsStack(app, `${prefix}EdgeAlarms`, {
    ...global("CloudFront alarm"),
    distribution: site.distribution,
    alarmEmail: config.alarmEmail,
    stage: config.stage,
  });
  const shop = { data, blobs, email, secrets, api, ...(firewall ? { firewall } : {}), site, operations, functions, pages, edgeAlarms };
  for (const stack of Object.values(shop) as Stack[]) tagStage(stack, config.stage);
  return shop;
}

/** The tags every resource of a stage carries (the budget filters on Stage). */
export const STAGE_TAGS = (stage: string) => ({ Application: "couture", Stage: stage });

function tagStage(stack: Stack, stage: string) {
  for (const [key, value] of Object.entries(STAGE_TAGS(stage))) Tags.of(stack).add(key, value);
}
