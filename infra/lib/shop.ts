// The whole shop as stacks, in deploy order:
//   Data, Blobs, Email, Secrets, Api -> Site (CloudFront) -> Functions (+ routes) -> Operations.
// The functions come after the distribution because SITE_URL is its address.
import { type App, type Environment, type Stack, Tags } from 'aws-cdk-lib';
import { ApiStack } from './api-stack.ts';
import { BlobsStack } from './blobs-stack.ts';
import { configurationSetName, type ShopConfig, senderDomain, stagePart } from './config.ts';
import { DataStack } from './data-stack.ts';
import type { RewriteRule } from './edge-functions.ts';
import { EmailStack } from './email-stack.ts';
import { sharedCachePrefixes } from './function-access.ts';
import { FunctionsStack } from './functions-stack.ts';
import { OperationsStack } from './operations-stack.ts';
import type { FunctionRoutes } from './routes.ts';
import { SecretsStack } from './secrets-stack.ts';
import { SiteStack } from './site-stack.ts';

/** Context every synth of the shop uses (the CLI's and the tests' alike). */
export const SHOP_CONTEXT = {
  // Cross-stack exports stay until their importers are gone (CloudFormation's own rule).
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
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
  readonly site: SiteStack;
  readonly functions: FunctionsStack;
  readonly operations: OperationsStack;
}

export function buildShop(app: App, inputs: ShopInputs): Shop {
  const { config } = inputs;
  const prefix = inputs.prefix ?? `Couture${stagePart(config.stage)}`;
  const env: Environment = { account: config.account, region: config.region };
  const props = (description: string) => ({ env, description: `Couture storefront (${config.stage}): ${description}` });
  // The stacks that hold what a redeploy cannot bring back refuse deletion.
  const stateful = (description: string) => ({ ...props(description), terminationProtection: true });

  const data = new DataStack(app, `${prefix}Data`, stateful('the single table'));
  const blobs = new BlobsStack(app, `${prefix}Blobs`, stateful('product imagery and invoices'));
  const email = new EmailStack(app, `${prefix}Email`, {
    ...props('SES sender identity and configuration set'),
    senderDomain: senderDomain(config),
    createIdentity: config.senderIdentity === 'create',
    configurationSetName: configurationSetName(config),
  });
  const secrets = new SecretsStack(app, `${prefix}Secrets`, stateful('session key and third-party credentials'));
  const api = new ApiStack(app, `${prefix}Api`, { ...props('HTTP API'), config });
  const site = new SiteStack(app, `${prefix}Site`, {
    ...props('CloudFront, the site and the payment SDK'),
    config,
    api: api.api,
    blobsBucket: blobs.bucket,
    siteOut: inputs.siteOut,
    sdkWeb: inputs.sdkWeb,
    rewrites: inputs.rewrites,
    originVerify: secrets.originVerify,
    sharedCachePrefixes: sharedCachePrefixes(inputs.routes),
  });
  const functions = new FunctionsStack(app, `${prefix}Functions`, {
    ...props('API functions and routes'),
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
    siteUrl: site.siteUrl,
    allowedOrigins: site.allowedOrigins,
  });
  // By name, not by export: the functions send through the configuration set.
  functions.addDependency(email);
  const operations = new OperationsStack(app, `${prefix}Operations`, {
    ...props('alarms and dashboard'),
    functions: functions.functions,
    api: api.api,
    table: data.table,
    distribution: site.distribution,
    alarmEmail: config.alarmEmail,
    stage: config.stage,
    monthlyBudgetUsd: config.monthlyBudgetUsd,
  });
  const shop = { data, blobs, email, secrets, api, site, functions, operations };
  for (const stack of Object.values(shop) as Stack[]) tagStage(stack, config.stage);
  return shop;
}

/** The tags every resource of a stage carries (the budget filters on Stage). */
export const STAGE_TAGS = (stage: string) => ({ Application: 'couture', Stage: stage });

function tagStage(stack: Stack, stage: string) {
  for (const [key, value] of Object.entries(STAGE_TAGS(stage))) Tags.of(stack).add(key, value);
}
