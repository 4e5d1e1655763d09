// The single table (DESIGN.md section 4): pk/sk, one GSI, TTL on expiresAt.
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import type { Construct } from "constructs";

/** The GSI the store queries as `Index::Gsi1`. */
export const GSI1 = { indexName: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" } as const;

export class DataStack extends Stack {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.table = new dynamodb.Table(this, "Table", {
      partitionKey: { name: "pk", type: dynamodb.AttributeType.STRING },
      sortKey: { name: "sk", type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: "expiresAt",
      // Customers' accounts and orders: never lost to a stack update or deletion.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: GSI1.indexName,
      partitionKey: { name: GSI1.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: GSI1.sortKey, type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    // TABLE_NAME for `shopctl catalog import` against AWS.
    new CfnOutput(this, "TableName", { value: this.table.tableName });
  }
}
