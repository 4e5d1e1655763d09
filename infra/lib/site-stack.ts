// The shop's front door: a private bucket for the exported site (filled by
// the Pages stack once the functions are live), the blobs bucket's imagery,
// and the HTTP API, all behind one CloudFront distribution on one origin (so
// cookies are first-party and the API needs no CORS); and the payment SDK's
// assets host, a bucket and distribution of their own: another origin, so
// the shop's pages cannot read a card frame.
import { readFileSync } from "node:fs";
import { Annotations, Aws, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from "aws-cdk-lib";
import type * as apigwv2 from "aws-cdk-lib/aws-apigatewayv2";
import * as acm from "aws-cdk-lib/aws-certificatemanager";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import * as iam from "aws-cdk-lib/aws-iam";
import * as s3 from "aws-cdk-lib/aws-s3";
import type * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import type { ShopConfig } from "./config.ts";
import { blobsRequestFunctionCode, exportedPages, notFoundPage, type RewriteRule, siteRequestFunction } from "./edge-functions.ts";

/** Where `shopctl publish` writes the pages it renders, in the site bucket; the build's deploy never prunes it. */
export const PUBLISHED_PREFIX = "published";
import { acknowledge, acknowledgeWildcard } from "./nag.ts";

export interface SiteStackProps extends StackProps {
  readonly config: ShopConfig;
  readonly api: apigwv2.IHttpApi;
  readonly blobsBucket: s3.IBucket;
  /** The Next export (site/out): its pages and not-found page shape the viewer-request function. */
  readonly siteOut: string;
  readonly rewrites: readonly RewriteRule[];
  /** `{"value"}`, sent to the API origin as X-Origin-Verify. */
  readonly originVerify: secretsmanager.ISecret;
  /** A CLOUDFRONT-scope AWS WAF web ACL (FirewallStack, us-east-1), if any. */
  readonly webAclArn?: string;
  /** The /api prefixes answered the same for every visitor (the catalogue): cached as their Cache-Control says. */
  readonly sharedCachePrefixes: readonly string[];
}

/** The headers the API reads, plus the viewer address CloudFront adds; never Host, which must name the API's own domain. */
export const API_ORIGIN_HEADERS = [
  "Origin",
  "Content-Type",
  "Accept",
  "Accept-Language",
  "User-Agent",
  "X-Request-Id",
  "If-None-Match",
  "CloudFront-Viewer-Address",
];

/** What the catalogue's behaviours forward: no cookie (the answers are everyone's), never a header the cache does not key on that changes the answer. */
export const SHARED_API_ORIGIN_HEADERS = ["Accept", "User-Agent", "X-Request-Id", "CloudFront-Viewer-Address"];

/** The CloudFront path patterns of an /api prefix: itself and everything below it. */
export const pathPatterns = (prefix: string) => [prefix, `${prefix}/*`];

/**
 * The site's Content-Security-Policy. Next's static export inlines its RSC
 * payload in <script> tags, so scripts need 'unsafe-inline' (hashes differ per
 * page and one header serves them all); the SDK compiles WebAssembly
 * ('wasm-unsafe-eval') and frames the provider's pages.
 */
/** The security headers of every response, shared with the local server (shared/security-headers.json). */
export const SECURITY_HEADERS = JSON.parse(readFileSync(new URL("../../shared/security-headers.json", import.meta.url), "utf8")) as {
  contentSecurityPolicy: string[];
  assetsContentSecurityPolicy: string[];
  framePageContentSecurityPolicy: Record<string, Record<string, string>>;
  httpsOnlyContentSecurityPolicy: string[];
  referrerPolicy: string;
  frameOptions: string;
  permissionsPolicy: string;
};

/** The directives with their placeholders filled (and the https-only ones), as one header value. */
function policy(directives: readonly string[], fill: Record<string, string>): string {
  return [...directives, ...SECURITY_HEADERS.httpsOnlyContentSecurityPolicy]
    .map((d) =>
      Object.entries(fill)
        .reduce((out, [name, value]) => out.replace(name, value), d)
        .replace(/\s+/g, " ")
        .trim(),
    )
    .join("; ");
}

/** The site's policy: it loads the SDK from `assetsHost` and calls the payment provider's hosts. */
export function contentSecurityPolicy(paymentHosts: readonly string[], assetsHost = ""): string {
  return policy(SECURITY_HEADERS.contentSecurityPolicy, { "{assets-host}": assetsHost, "{payment-hosts}": paymentHosts.join(" ") });
}

/**
 * The SDK assets host's strict policy (no inline script), framed only by
 * `siteOrigins`, calling only the provider's hosts; `page` (a frame page's
 * file name) adds what a wallet's script there needs (Google Pay's in the
 * Payment Request frame, Masterpass's in its loading frame).
 */
export function assetsContentSecurityPolicy(siteOrigins: readonly string[], paymentHosts: readonly string[], page?: string): string {
  const wallet = page ? SECURITY_HEADERS.framePageContentSecurityPolicy[page] : undefined;
  const directives = SECURITY_HEADERS.assetsContentSecurityPolicy.map((d) => {
    const extra = wallet?.[d.split(" ")[0]];
    return extra ? `${d} ${extra}` : d;
  });
  return policy(directives, { "{site-origins}": siteOrigins.join(" "), "{payment-hosts}": paymentHosts.join(" ") });
}

/** The frame pages that run a wallet's own script, each with its policy's additions. */
export const WALLET_FRAME_PAGES = Object.keys(SECURITY_HEADERS.framePageContentSecurityPolicy);

/** Where a frame page is, below the assets host. */
export const framePagePath = (page: string) => `/web/*/html/${page}`;

/** payment-request-frame.html → PaymentRequestFrameHeaders (a construct id). */
const walletHeadersId = (page: string) => page.replace(/\.html$/, "").replace(/(^|-)(\w)/g, (_m, _dash, c: string) => c.toUpperCase()) + "Headers";

export class SiteStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly bucket: s3.Bucket;
  /** The payment SDK's assets host: a bucket and a distribution of their own (another origin than the shop's). */
  readonly assetsBucket: s3.Bucket;
  readonly assetsDistribution: cloudfront.Distribution;
  /** https://<the assets distribution's domain>: the API's ASSETS_URL and the site build's. */
  readonly assetsUrl: string;
  /** The shop's public origin: https://<domain> (custom or CloudFront's). */
  readonly siteUrl: string;
  /** The addresses of the detail pages the catalogue's publication wrote (the site function reads it). */
  readonly publishedPages: cloudfront.KeyValueStore;
  /** Origins whose state-changing calls the API accepts. */
  readonly allowedOrigins: string[];

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.bucket = this.deployedBucket("SiteBucket");
    this.assetsBucket = this.deployedBucket("AssetsBucket");
    this.assetsDistribution = this.assetsHost(config);
    this.assetsUrl = `https://${this.assetsDistribution.distributionDomainName}`;

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, "SecurityHeaders", {
      comment: "HSTS, CSP (SDK frames and WebAssembly), nosniff, referrer policy, framing",
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        // Not overriding: a response with its own policy keeps it (the OAuth
        // popup's nonce-only CSP is stricter than the site's); the local server
        // adds the same list only where a response has none.
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(config.paymentHosts, this.assetsUrl), override: false },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        // The SDK's hosted-field frames are framed by the shop's own pages.
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.SAMEORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: "Permissions-Policy", value: SECURITY_HEADERS.permissionsPolicy, override: true }],
      },
    });

    // The detail pages `shopctl publish` wrote under published/, by address:
    // the site function serves those at their own address, other ids from
    // their placeholder page.
    this.publishedPages = new cloudfront.KeyValueStore(this, "PublishedPages", {
      comment: "The catalogue's published detail pages (shopctl publish), one key per address",
    });
    const siteFunction = new cloudfront.Function(this, "SiteRequest", {
      comment: "site/rewrites.json rules, published pages, trailing slashes, index.html",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        siteRequestFunction(props.rewrites, { pages: exportedPages(props.siteOut), notFound: notFoundPage(props.siteOut) }),
      ),
      keyValueStore: this.publishedPages,
    });
    const blobsFunction = new cloudfront.Function(this, "BlobsRequest", {
      comment: "/blobs/images/* to the blobs bucket key images/*",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(blobsRequestFunctionCode()),
    });

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    // A page as the catalogue's publication wrote it (its head, its first
    // paint), else the build's: the pages read published/ first.
    const pagesOrigin = new origins.OriginGroup({
      primaryOrigin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket, { originPath: `/${PUBLISHED_PREFIX}` }),
      fallbackOrigin: siteOrigin,
      fallbackStatusCodes: [403, 404],
    });
    // The blobs bucket's own policy grants CloudFront its images/ (see BlobsStack).
    // Imported, so CloudFront's origin does not try to edit that policy from here.
    const blobsBucket = s3.Bucket.fromBucketAttributes(this, "BlobsBucket", {
      bucketName: props.blobsBucket.bucketName,
      bucketRegionalDomainName: props.blobsBucket.bucketRegionalDomainName,
    });
    const blobsOrigin = origins.S3BucketOrigin.withOriginAccessControl(blobsBucket, { originAccessLevels: [] });
    Annotations.of(this).acknowledgeWarning(
      "@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac",
      "BlobsStack grants CloudFront the images/ prefix itself",
    );
    const apiOrigin = new origins.HttpOrigin(`${props.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
      // A CloudFormation dynamic reference, resolved at deploy time.
      customHeaders: { "X-Origin-Verify": SecretValue.secretsManager(props.originVerify.secretArn, { jsonField: "value" }).unsafeUnwrap() },
    });
    const apiRequests = new cloudfront.OriginRequestPolicy(this, "ApiRequests", {
      comment: "Cookies, query strings, the headers the API reads and the viewer address",
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_ORIGIN_HEADERS),
    });

    // The origin decides (Cache-Control s-maxage);
    // without one nothing is kept. Keyed on path and query string only, so
    // compression (gzip, brotli) is on, which CachingDisabled turns off.
    const sharedApiCache = new cloudfront.CachePolicy(this, "SharedApiCache", {
      comment: "Catalogue: as the API's Cache-Control says, keyed on path and query string",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const sharedApiRequests = new cloudfront.OriginRequestPolicy(this, "SharedApiRequests", {
      comment: "Catalogue: query strings and the headers that do not change the answer; no cookies",
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...SHARED_API_ORIGIN_HEADERS),
    });
    const sharedApi: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      cachePolicy: sharedApiCache,
      originRequestPolicy: sharedApiRequests,
      responseHeadersPolicy: securityHeaders,
      compress: true,
    };
    // Before /api/*: CloudFront takes the first pattern that matches.
    const sharedApiBehaviours = Object.fromEntries(props.sharedCachePrefixes.flatMap(pathPatterns).map((p) => [p, sharedApi]));

    const staticFiles = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      compress: true,
    };
    this.distribution = new cloudfront.Distribution(this, "Distribution", {
      comment: "Couture storefront",
      webAclId: props.webAclArn,
      defaultRootObject: "index.html",
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(config.domainName && config.certificateArn
        ? {
            domainNames: [config.domainName],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            certificate: acm.Certificate.fromCertificateArn(this, "Certificate", config.certificateArn),
          }
        : {}),
      defaultBehavior: {
        ...staticFiles,
        origin: pagesOrigin,
        functionAssociations: [{ function: siteFunction, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...sharedApiBehaviours,
        // Personal answers (sessions, carts, orders): never cached.
        "/api/*": {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        "/_next/static/*": { ...staticFiles, origin: siteOrigin },
        "/blobs/*": {
          ...staticFiles,
          origin: blobsOrigin,
          functionAssociations: [{ function: blobsFunction, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    acknowledge(
      this.distribution,
      "CFR1",
      "The shop sells wherever its shoppers are: where an order may go is decided by its delivery address at checkout, not by where a page is viewed from, and a country block would also lock out a shopper travelling abroad",
    );
    acknowledge(
      this.distribution,
      "CFR3",
      "Its API requests are logged by the HTTP API's JSON access log (route, status, latency: the 5xx and 429 alarms count from it) and the functions log the viewer address CloudFront adds; CloudFront's own metrics (its 5xx alarm) count the pages and images. Standard logs would keep every visitor's address for each page and picture in a bucket nothing reads",
    );
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        "CFR2",
        `AWS WAF is off for stage ${config.stage} (waf=false: the default of every stage but prod, whose web ACL is on unless -c waf=false): a web ACL and its managed rule groups cost a monthly fee per stage, which a stage without the shop's shoppers does not need. -c waf=true puts the FirewallStack in front of it`,
      );
    }
    if (!config.domainName) {
      acknowledge(
        this.distribution,
        "CFR4",
        `Stage ${config.stage} has no domainName, so the distribution answers on CloudFront's own domain with CloudFront's default certificate, whose minimum viewer protocol CloudFront fixes and a distribution cannot raise; with domainName and certificateArn it requires TLSv1.2_2021 (above). Browsers negotiate TLS 1.2 or 1.3 either way, and HSTS is sent`,
      );
    }

    const cloudfrontUrl = `https://${this.distribution.distributionDomainName}`;
    this.siteUrl = config.domainName ? `https://${config.domainName}` : cloudfrontUrl;
    this.allowedOrigins = config.domainName ? [this.siteUrl, cloudfrontUrl] : [cloudfrontUrl];

    new CfnOutput(this, "SiteUrl", { value: this.siteUrl });
    new CfnOutput(this, "AssetsUrl", { value: this.assetsUrl });
    new CfnOutput(this, "DistributionId", { value: this.distribution.distributionId });
    new CfnOutput(this, "SiteBucketName", { value: this.bucket.bucketName });
    new CfnOutput(this, "PublishedPagesArn", { value: this.publishedPages.keyValueStoreArn });
    new CfnOutput(this, "PublishSitePolicyArn", { value: this.publishPolicy().managedPolicyArn });
  }

  /**
   * What `shopctl catalog import` needs beyond the table and the blobs bucket
   * to publish the catalogue (README, "Import the catalogue in AWS"): read the
   * site's templates, write and prune published/, name the detail pages in
   * the store, and invalidate the distribution once it is done. Attach it to
   * the operator's role or user.
   */
  private publishPolicy(): iam.ManagedPolicy {
    const templates = this.bucket.arnForObjects("*");
    const published = this.bucket.arnForObjects(`${PUBLISHED_PREFIX}/*`);
    const policy = new iam.ManagedPolicy(this, "PublishSite", {
      description: "shopctl publish: the site bucket's templates and published/, the published-pages store, the invalidation",
      statements: [
        new iam.PolicyStatement({ actions: ["s3:ListBucket"], resources: [this.bucket.bucketArn] }),
        new iam.PolicyStatement({ actions: ["s3:GetObject"], resources: [templates] }),
        new iam.PolicyStatement({ actions: ["s3:PutObject", "s3:DeleteObject"], resources: [published] }),
        new iam.PolicyStatement({
          actions: ["cloudfront-keyvaluestore:DescribeKeyValueStore", "cloudfront-keyvaluestore:ListKeys", "cloudfront-keyvaluestore:UpdateKeys"],
          resources: [this.publishedPages.keyValueStoreArn],
        }),
        new iam.PolicyStatement({
          actions: ["cloudfront:CreateInvalidation", "cloudfront:GetInvalidation"],
          resources: [`arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${this.distribution.distributionId}`],
        }),
      ],
    });
    acknowledgeWildcard(
      policy,
      "Resource",
      templates,
      "Reads the site's pages as templates: every exported page of the build, whose addresses the build decides",
    );
    acknowledgeWildcard(policy, "Resource", published, "Writes and prunes the publication: one object per page of the catalogue, under published/ alone");
    return policy;
  }

  /** A private bucket CloudFront reads; everything in it is rebuilt from the repository on each deploy. */
  private deployedBucket(id: string): s3.Bucket {
    const bucket = new s3.Bucket(this, id, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    acknowledge(
      bucket,
      "S1",
      "Build output from the repository, rewritten by every deploy (the Pages stack) and read by CloudFront alone, through origin access control: each read is a CloudFront request its metrics count, so server access logs would only record the CDN fetching files anyone may fetch",
    );
    return bucket;
  }

  /**
   * The SDK's assets and frame pages (the assets bucket's web/) on a
   * distribution of their own, so no script of a shop page can read a card
   * frame. Strict headers, framed only by the shop: its own domain when it
   * has one; a stage on CloudFront's domain names the shop's distribution
   * only after both exist (each policy would name the other), so its frames
   * allow CloudFront's domains until then.
   */
  private assetsHost(config: ShopConfig): cloudfront.Distribution {
    const siteOrigins = config.domainName ? [`https://${config.domainName}`] : ["https://*.cloudfront.net"];
    if (!config.domainName) {
      Annotations.of(this).addWarningV2(
        "couture:assets-frame-ancestors",
        "no domainName: the SDK frames accept any CloudFront domain as their parent (frame-ancestors); give the stage a domain to name the shop alone",
      );
    }
    const headers = (id: string, page?: string) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        comment: `SDK assets: strict CSP${page ? ` with ${page}'s wallet` : ""}, framed by the shop only, CORS for its module scripts`,
        securityHeadersBehavior: {
          strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
          contentSecurityPolicy: { contentSecurityPolicy: assetsContentSecurityPolicy(siteOrigins, config.paymentHosts, page), override: true },
          contentTypeOptions: { override: true },
          referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        },
        // The shop's pages import the SDK's ES modules and fetch its WebAssembly in CORS mode: every file is public.
        corsBehavior: {
          accessControlAllowOrigins: ["*"],
          accessControlAllowMethods: ["GET", "HEAD"],
          accessControlAllowHeaders: ["*"],
          accessControlAllowCredentials: false,
          originOverride: true,
        },
        customHeadersBehavior: {
          customHeaders: [{ header: "Permissions-Policy", value: SECURITY_HEADERS.permissionsPolicy, override: true }],
        },
      });
    const origin = origins.S3BucketOrigin.withOriginAccessControl(this.assetsBucket);
    const files = {
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      compress: true,
    };
    const distribution = new cloudfront.Distribution(this, "AssetsDistribution", {
      comment: "Couture payment SDK assets",
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      defaultBehavior: { ...files, responseHeadersPolicy: headers("AssetsHeaders") },
      additionalBehaviors: Object.fromEntries(
        WALLET_FRAME_PAGES.map((page) => [framePagePath(page), { ...files, responseHeadersPolicy: headers(walletHeadersId(page), page) }]),
      ),
    });
    acknowledge(
      distribution,
      "CFR1",
      "The payment SDK loads in every shopper's checkout, wherever the shopper is: a country block here would break paying for the shop's own visitors",
    );
    acknowledge(
      distribution,
      "CFR2",
      "Static files only (the SDK's scripts, WebAssembly and frame pages from a private bucket; GET, HEAD and OPTIONS, no API): no request reaches code, so WAF's rules (bad inputs, the common rule set) have nothing to inspect, and a flood of downloads is CloudFront's to absorb (Shield Standard). A stage's web ACL guards the shop's own distribution, where the API is",
    );
    acknowledge(
      distribution,
      "CFR3",
      "Only the SDK's static files: CloudFront's metrics count their requests and errors, and a payment is recorded by the API and the payment function, never by a log of file downloads",
    );
    acknowledge(
      distribution,
      "CFR4",
      "Another origin than the shop's on purpose, on CloudFront's own domain with its default certificate, whose minimum viewer protocol CloudFront fixes and a distribution cannot raise; browsers negotiate TLS 1.2 or 1.3, and HSTS is sent",
    );
    return distribution;
  }
}
