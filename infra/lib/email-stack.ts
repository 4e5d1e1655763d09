// The SES identity of the sender's domain. Its DKIM records are outputs: add
// them to the domain's DNS (no hosted-zone lookup keeps synth offline).
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

export interface EmailStackProps extends StackProps {
  readonly senderDomain: string;
}

export class EmailStack extends Stack {
  readonly identity: ses.EmailIdentity;

  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    this.identity = new ses.EmailIdentity(this, 'Sender', { identity: ses.Identity.domain(props.senderDomain) });
    this.identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}` });
    });
  }
}
