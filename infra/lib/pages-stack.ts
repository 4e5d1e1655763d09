// The site's files: the exported pages and the hashed Next assets, synced
// into the Site stack's bucket, and the payment SDK into its assets bucket. A stack of its own, deployed after
// the functions: a release whose functions failed (CodeDeploy rolled them
// back, so `cdk deploy --all` stopped) never puts pages live that expect them.
import { Stack, type StackProps } from "aws-cdk-lib";
import type * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as iam from "aws-cdk-lib/aws-iam";
import type * as s3 from "aws-cdk-lib/aws-s3";
import * as s3assets from "aws-cdk-lib/aws-s3-assets";
import * as s3deploy from "aws-cdk-lib/aws-s3-deployment";
import type { Construct } from "constructs";
import { acknowledge, acknowledgeManagedPolicy, acknowledgeWildcard } from "./nag.ts";
import { PUBLISHED_PREFIX } from "./site-stack.ts";

/** Cache-Control of the pages: browsers revalidate, the edge keeps them until the next deploy's invalidation. */
export const PAGE_CACHE = "public, max-age=0, s-maxage=31536000, must-revalidate";
/** Cache-Control of content-hashed or versioned files. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** The SDK's frame pages: versioned, but re-read now and then by browsers. */
export const FRAME_CACHE = "public, max-age=3600, s-maxage=31536000";

export interface PagesStackProps extends StackProps {
  readonly bucket: s3.IBucket;
  readonly distribution: cloudfront.IDistribution;
  /** The Next export (site/out). */
  readonly siteOut: string;
  /** The payment SDK's assets (sdk/dist/web), served at /web/ of the assets host. */
  readonly sdkWeb: string;
  /** The assets host's bucket and distribution (the Site stack's). */
  readonly assetsBucket: s3.IBucket;
  readonly assetsDistribution: cloudfront.IDistribution;
}

export class PagesStack extends Stack {
  constructor(scope: Construct, id: string, props: PagesStackProps) {
    super(scope, id, props);
    this.deploy(props);
  }

  /**
   * Four syncs, each owning its own keys so pruning never deletes
   * another's: the pages (everything but _next/static) and the
   * hashed Next assets (never pruned: open tabs still load old chunks) into
   * the site's bucket, the SDK's assets and frame pages under web/ of the
   * assets bucket (the frames invalidate the assets host). The pages go
   * last and invalidate the site's distribution.
   */
  private deploy(props: PagesStackProps) {
    const common = { destinationBucket: props.bucket, memoryLimit: 1024 };
    const nextStatic = new s3deploy.BucketDeployment(this, "DeployNextStatic", {
      ...common,
      sources: [s3deploy.Source.asset(`${props.siteOut}/_next/static`)],
      destinationKeyPrefix: "_next/static/",
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(IMMUTABLE_CACHE)],
    });
    const assets = { destinationBucket: props.assetsBucket, memoryLimit: 1024 };
    const sdkAssets = new s3deploy.BucketDeployment(this, "DeploySdkAssets", {
      ...assets,
      sources: [s3deploy.Source.asset(props.sdkWeb, { exclude: ["**/*.html"] })],
      destinationKeyPrefix: "web/",
      exclude: ["*.html"],
      cacheControl: [s3deploy.CacheControl.fromString(IMMUTABLE_CACHE)],
    });
    const sdkFrames = new s3deploy.BucketDeployment(this, "DeploySdkFrames", {
      ...assets,
      sources: [s3deploy.Source.asset(props.sdkWeb)],
      destinationKeyPrefix: "web/",
      exclude: ["*"],
      include: ["*.html"],
      cacheControl: [s3deploy.CacheControl.fromString(FRAME_CACHE)],
      distribution: props.assetsDistribution,
      distributionPaths: ["/web/*"],
    });
    sdkFrames.node.addDependency(sdkAssets);
    const pages = new s3deploy.BucketDeployment(this, "DeployPages", {
      ...common,
      sources: [s3deploy.Source.asset(props.siteOut, { exclude: ["_next/static"] })],
      // Every other key is the pages' but the publication's (shopctl
      // publish): pruning removes an SDK copy an older release kept here, so
      // the shop's origin never serves a frame again.
      exclude: ["_next/static/*", `${PUBLISHED_PREFIX}/*`],
      cacheControl: [s3deploy.CacheControl.fromString(PAGE_CACHE)],
      distribution: props.distribution,
      distributionPaths: ["/*"],
    });
    pages.node.addDependency(nextStatic, sdkAssets, sdkFrames);
    this.acknowledgeHandler(pages, [props.bucket, props.assetsBucket]);
  }

  /**
   * The four syncs share one handler, a function aws-cdk-lib builds and
   * grants (its role, its runtime, the grants of each sync): what cdk-nag
   * finds there is acknowledged on it, each finding with its reason.
   */
  private acknowledgeHandler(deployment: s3deploy.BucketDeployment, destinations: readonly s3.IBucket[]) {
    const handler = deployment.handlerRole.node.scope;
    if (!handler) throw new Error("the deployment's handler role has no scope");
    acknowledge(
      handler,
      "L1",
      "The handler of aws-cdk-lib's BucketDeployment: aws-cdk-lib picks its Python runtime and moves it with its releases (upgrade aws-cdk-lib, never pin it here); it runs only while a deploy syncs this repository's build output",
    );
    acknowledgeManagedPolicy(
      handler,
      iam.ManagedPolicy.fromAwsManagedPolicyName("service-role/AWSLambdaBasicExecutionRole").managedPolicyArn,
      "The role aws-cdk-lib gives BucketDeployment's handler, for its logs; the handler runs only during a deploy, on this repository's build output",
    );
    const sync =
      "BucketDeployment's own grants (aws-cdk-lib): read and write on each destination bucket, to list, copy, prune and abort uploads, and read on the zipped sources in the CDK bootstrap bucket";
    for (const action of ["s3:GetObject*", "s3:GetBucket*", "s3:List*", "s3:DeleteObject*", "s3:Abort*"]) acknowledgeWildcard(handler, "Action", action, sync);
    for (const bucket of destinations) {
      acknowledgeWildcard(
        handler,
        "Resource",
        bucket.arnForObjects("*"),
        `${sync}: every key of a bucket that holds build output and nothing else, which the sync rewrites and prunes`,
      );
    }
    const source = deployment.node.children.find((c): c is s3assets.Asset => c instanceof s3assets.Asset);
    if (!source) throw new Error("the deployment has no source asset");
    acknowledgeWildcard(
      handler,
      "Resource",
      source.bucket.arnForObjects("*"),
      `${sync}: the sources are objects of the CDK bootstrap bucket, named by content hash`,
    );
    acknowledgeWildcard(
      handler,
      "Resource",
      "*",
      "cloudfront:CreateInvalidation and GetInvalidation after a sync (aws-cdk-lib's grant): the distributions are in the Site stack, and BucketDeployment names none",
    );
  }
}
