// Payment Ready, preferred payment methods and US bank accounts, typed: the
// per-component entry points and the namespaces of the default export.
import braintree from "@couture/payment-sdk";
import type { CustomerRecommendations, USBankAccountTokenizePayload } from "@couture/payment-sdk";
import { create as createPaymentReady } from "@couture/payment-sdk/payment-ready";
import { create as createPreferred } from "@couture/payment-sdk/preferred-payment-methods";
import { create as createUSBankAccount } from "@couture/payment-sdk/us-bank-account";

declare const CLIENT_AUTHORIZATION: string;

export async function recommend(hashedEmail: string): Promise<CustomerRecommendations> {
  const client = await braintree.client.create({ authorization: CLIENT_AUTHORIZATION });
  const ready = await createPaymentReady({ client });
  const { sessionId } = await ready.createCustomerSession({ customer: { hashedEmail } });
  await ready.updateCustomerSession({ sessionId, customer: { hashedEmail, paypalAppInstalled: true } });
  ready.sendPresentedEvent({ paymentReadySessionId: sessionId, buttonType: "paypal", presentmentDetails: { pageType: "checkout", buttonOrder: "first" } });
  ready.sendSelectedEvent({ paymentReadySessionId: sessionId, buttonType: "paypal" });
  const preferred = await createPreferred({ authorization: CLIENT_AUTHORIZATION });
  preferred.fetchPreferredPaymentMethods((err, result) => console.log(err ? err.code : result && result.paypalPreferred));
  return ready.getCustomerRecommendations({ sessionId, domain: "example.com" });
}

export async function payByBank(mandateText: string): Promise<USBankAccountTokenizePayload> {
  const bank = await createUSBankAccount({ authorization: CLIENT_AUTHORIZATION });
  const payload = await bank.tokenize({
    mandateText,
    bankDetails: {
      routingNumber: "307075259",
      accountNumber: "999999999",
      accountType: "checking",
      ownershipType: "personal",
      firstName: "Ada",
      lastName: "Lovelace",
      billingAddress: { streetAddress: "1 Main St", locality: "Oakland", region: "CA", postalCode: "94607" },
    },
  });
  bank.tokenize({ mandateText, bankLogin: { displayName: "Couture", ownershipType: "business", businessName: "Couture LLC" } }, (err, result) => {
    console.log(err ? err.code : result && result.description);
  });
  await bank.teardown();
  return payload;
}
