// The mandate the merchant test page tokenizes and the SEPA tests send: the
// sandbox's test IBAN for the EUR merchant account.
export const SEPA_MANDATE = {
  iban: "FR7630006000011234567890189",
  merchantAccountId: "couture-eur",
  mandateType: "ONE_OFF",
  customerId: "customer01",
  accountHolderName: "Ada Lovelace",
  countryCode: "FR",
};
