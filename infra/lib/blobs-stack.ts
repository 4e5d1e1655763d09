// The blobs bucket: catalogue imagery under images/ (public through CloudFront
// at /blobs/images/...) and invoices under invoices/ (private: reached only
// through the API's signed links).
import { Aws, CfnOutput, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import * as s3 from "aws-cdk-lib/aws-s3";
import type { Construct } from "constructs";
import { acknowledge } from "./nag.ts";

export const IMAGES_PREFIX = "images/";
export const INVOICES_PREFIX = "invoices/";

export class BlobsStack extends Stack {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.bucket = new s3.Bucket(this, "Blobs", {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // Invoices are business records.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudFront (origin access control) may read the imagery and nothing else.
    // The distribution lives in the Site stack, which depends on this one, so
    // the grant names the account's distributions rather than the one ARN; the
    // invoices stay out of reach either way, and the images are public anyway.
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: "CloudFrontReadsCatalogueImages",
        principals: [new iam.ServicePrincipal("cloudfront.amazonaws.com")],
        actions: ["s3:GetObject"],
        resources: [this.bucket.arnForObjects(`${IMAGES_PREFIX}*`)],
        conditions: {
          StringEquals: { "AWS:SourceAccount": Aws.ACCOUNT_ID },
          ArnLike: { "AWS:SourceArn": `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );
    acknowledge(
      this.bucket,
      "S1",
      "Its readers are known and few: CloudFront alone reads images/ (origin access control, the statement above), the payment function and the reconciler only put invoices (their roles hold s3:PutObject on invoices/ and nothing else), shopctl writes the catalogue. Server access logs would mostly record CloudFront fetching public pictures, and without the serverAccessLogsUseBucketPolicy flag they need an ACL-enabled log bucket; if the invoices ever need an audit trail, CloudTrail S3 data events on invoices/ are the tool",
    );
    // BLOBS_BUCKET for `shopctl catalog import` against AWS.
    new CfnOutput(this, "BlobsBucketName", { value: this.bucket.bucketName });
  }
}
