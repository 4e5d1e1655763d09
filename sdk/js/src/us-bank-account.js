// usBankAccount: tokenizes a US bank account from its details, or through
// the bank-login ("Plaid" link) script the customer signs in with.
import { load, rules } from './wasm.js';
import { error, register } from './errors.js';
import usBankErrors from '../../src/errors/us-bank-account.txt';
import { VERSION, wrap, attempt, checkClient, convertMethodsToError, loadScript } from './lib.js';
import { create as createClient } from './client.js';

register(usBankErrors);

export { VERSION };

const PLAID_LINK_JS = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

/** The tokenize mutation of `type` (UsBankAccount or UsBankLogin). */
const mutation = (type) => 'mutation Tokenize' + type + '($input: Tokenize' + type + 'Input!) { tokenize' + type +
  '(input: $input) { paymentMethod { id details { ... on UsBankAccountDetails { last4 } } } } }';

export function create(options, callback) {
  return wrap(attempt(async () => {
    await load();
    const o = options || {};
    const missing = checkClient(o, 'US Bank Account');
    if (missing) throw missing;
    const client = o.client || await createClient({ authorization: o.authorization, sandboxUrl: o.sandboxUrl });
    if (!client.getConfiguration().gatewayConfiguration.usBankAccount) throw error('US_BANK_ACCOUNT_NOT_ENABLED');
    return new USBankAccount(client);
  }), callback);
}

/** The GraphQL input shared by both ways: mandate, billing address, owner. */
function accountInput(mandateText, owner) {
  const a = owner.billingAddress || {};
  const input = {
    achMandate: mandateText,
    billingAddress: { streetAddress: a.streetAddress, extendedAddress: a.extendedAddress, city: a.locality, state: a.region, zipCode: a.postalCode }
  };
  if (owner.ownershipType === 'personal') input.individualOwner = { firstName: owner.firstName, lastName: owner.lastName };
  else if (owner.ownershipType === 'business') input.businessOwner = { businessName: owner.businessName };
  return input;
}

class USBankAccount {
  constructor(client) {
    this._client = client;
    this._loginActive = false;
    client._sendEvent('usbankaccount.initialized');
  }

  tokenize(options, callback) {
    return wrap(attempt(() => {
      const o = options || {};
      const login = o.bankLogin;
      const gw = this._client.getConfiguration().gatewayConfiguration;
      const check = rules.usBankCheck(!!o.mandateText, !!o.bankDetails, !!login, !!(login && login.displayName),
        !!gw.usBankAccount.plaid, this._loginActive);
      if (check) {
        const sp = check.indexOf(' ');
        throw sp < 0 ? error(check) : error(check.slice(0, sp), undefined, check.slice(sp + 1));
      }
      if (!login) {
        const d = o.bankDetails;
        const input = Object.assign(accountInput(o.mandateText, d),
          { routingNumber: d.routingNumber, accountNumber: d.accountNumber, accountType: rules.usBankAccountType(String(d.accountType)) });
        return this._send('UsBankAccount', 'bankdetails', { usBankAccount: input });
      }
      this._loginActive = true;
      return this._login(o, gw).finally(() => { this._loginActive = false; });
    }), callback);
  }

  /** Runs the bank login; resolves the tokenized account. */
  async _login(o, gw) {
    const client = this._client;
    const plaid = gw.usBankAccount.plaid;
    if (!window.Plaid) {
      // In sandbox mode the configuration names the stand-in script.
      const src = client.getConfiguration().sandboxUrl && plaid.scriptUrl || PLAID_LINK_JS;
      try {
        this._script = await loadScript(src);
      } catch (e) {
        throw error('US_BANK_ACCOUNT_LOGIN_LOAD_FAILED');
      }
    }
    const [publicToken, metadata] = await new Promise((resolve, reject) => {
      window.Plaid.create({
        clientName: o.bankLogin.displayName,
        apiVersion: 'v2',
        env: rules.usBankLoginEnv(gw.environment),
        key: plaid.publicKey,
        product: 'auth',
        selectAccount: true,
        onExit: () => {
          client._sendEvent('usbankaccount.banklogin.tokenization.closed.by-user');
          reject(error('US_BANK_ACCOUNT_LOGIN_CLOSED'));
        },
        onSuccess: (token, md) => resolve([token, md])
      }).open();
      client._sendEvent('usbankaccount.banklogin.tokenization.started');
    });
    const input = Object.assign(accountInput(o.mandateText, o.bankLogin), {
      publicToken,
      accountId: rules.usBankAccountId(gw.environment, String(metadata.account_id)),
      accountType: rules.usBankAccountType(String(metadata.account.subtype))
    });
    return this._send('UsBankLogin', 'banklogin', { usBankLogin: input });
  }

  /** The tokenize mutation; its result or the status's error. */
  async _send(type, event, input) {
    const client = this._client;
    let res;
    try {
      res = await client.request({ api: 'graphQLApi', data: { query: mutation(type), variables: { input } } });
    } catch (e) {
      client._sendEvent('usbankaccount.' + event + '.tokenization.failed');
      throw error(rules.usBankErrorCode((e.details && e.details.httpStatus) || 0), { originalError: e });
    }
    client._sendEvent('usbankaccount.' + event + '.tokenization.succeeded');
    const method = res.data['tokenize' + type].paymentMethod;
    return { nonce: method.id, details: {}, description: rules.usBankDescription(method.details.last4), type: 'us_bank_account' };
  }

  teardown(callback) {
    if (this._script) this._script.remove();
    convertMethodsToError(this, ['tokenize', 'teardown']);
    return wrap(Promise.resolve(), callback);
  }
}
