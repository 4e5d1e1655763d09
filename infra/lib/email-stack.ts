// The SES side of the shop's mail: the sender domain's identity (its DKIM
// records are outputs: add them to the domain's DNS; no hosted-zone lookup
// keeps synth offline) and the stage's configuration set, which keeps
// bounced and complaining addresses off the list and publishes every
// delivery problem as a CloudWatch metric.
import { Annotations, CfnOutput, Stack, type StackProps } from "aws-cdk-lib";
import * as ses from "aws-cdk-lib/aws-ses";
import type { Construct } from "constructs";

export interface EmailStackProps extends StackProps {
  readonly senderDomain: string;
  /** False when another stage (or the console) owns the identity: two stacks cannot create it. */
  readonly createIdentity: boolean;
  readonly configurationSetName: string;
}

/**
 * The delivery events the configuration set counts (namespace AWS/SES,
 * dimension ses:configuration-set): the sends, for the bounce and complaint
 * rates, and every problem.
 */
export const MAIL_EVENTS = [
  ses.EmailSendingEvent.SEND,
  ses.EmailSendingEvent.BOUNCE,
  ses.EmailSendingEvent.COMPLAINT,
  ses.EmailSendingEvent.REJECT,
  ses.EmailSendingEvent.RENDERING_FAILURE,
  ses.EmailSendingEvent.DELIVERY_DELAY,
];

/** Domains no one can verify (RFC 2606 and 6761): an SES identity for them would stay pending forever. */
export const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;
export const UNVERIFIABLE_SENDER = "couture:unverifiable-sender";

export class EmailStack extends Stack {
  readonly identity?: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    const reserved = RESERVED_DOMAIN.test(props.senderDomain);
    if (props.createIdentity && reserved) {
      // Never an identity that stays pending forever: skipped, and said.
      Annotations.of(this).addWarningV2(
        UNVERIFIABLE_SENDER,
        `${props.senderDomain} is a reserved domain: no SES identity is created for it, as none could ever be verified (deploy with your own senderEmail)`,
      );
    }
    if (props.createIdentity && !reserved) {
      const identity = new ses.EmailIdentity(this, "Sender", { identity: ses.Identity.domain(props.senderDomain) });
      identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}` });
      });
      this.identity = identity;
    }
    this.configurationSet = new ses.ConfigurationSet(this, "Mail", {
      configurationSetName: props.configurationSetName,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
    });
    this.configurationSet.addEventDestination("Metrics", {
      events: MAIL_EVENTS,
      destination: ses.EventDestination.cloudWatchDimensions([
        { name: "ses:configuration-set", source: ses.CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: props.configurationSetName },
      ]),
    });
  }
}
