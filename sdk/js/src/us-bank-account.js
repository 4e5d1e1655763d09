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

/** A rule of us_bank.rs by number (see wasm.rs usBankRule). */
const rule = (kind, value, flags) => rules.usBankRule(kind, String(value), flags);

/** The GraphQL input both ways share: mandate, billing address, owner. */
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

export function create(options, callback) {
  return wrap(attempt(async () => {
    await load();
    const o = options || {};
    const missing = checkClient(o, 'US Bank Account');
    if (missing) throw missing;
    const client = o.client || await createClient({ authorization: o.authorization, sandboxUrl: o.sandboxUrl });
    const config = client.getConfiguration();
    const gw = config.gatewayConfiguration;
    if (!gw.usBankAccount) throw error('US_BANK_ACCOUNT_NOT_ENABLED');
    const plaid = gw.usBankAccount.plaid;
    const send = (event) => client._sendEvent('usbankaccount.' + event);
    let loginActive = false;
    let script = null;
    send('initialized');

    /** The tokenize mutation of `type` (UsBankAccount or UsBankLogin); the payload or the status's error. */
    const tokenizeWith = async (type, event, input) => {
      let res;
      try {
        res = await client.request({ api: 'graphQLApi', data: {
          query: 'mutation Tokenize' + type + '($input: Tokenize' + type + 'Input!) { tokenize' + type +
            '(input: $input) { paymentMethod { id details { ... on UsBankAccountDetails { last4 } } } } }',
          variables: { input }
        } });
      } catch (e) {
        send(event + '.tokenization.failed');
        throw error(rule(5, '', e.details && e.details.httpStatus), { originalError: e });
      }
      send(event + '.tokenization.succeeded');
      const method = res.data['tokenize' + type].paymentMethod;
      return { nonce: method.id, details: {}, description: rule(4, method.details.last4), type: 'us_bank_account' };
    };

    const login = async (t) => {
      // In sandbox mode the configuration names the stand-in script.
      if (!window.Plaid) script = await loadScript(config.sandboxUrl && plaid.scriptUrl || PLAID_LINK_JS).catch(() => { throw error('US_BANK_ACCOUNT_LOGIN_LOAD_FAILED'); });
      const [publicToken, metadata] = await new Promise((resolve, reject) => {
        window.Plaid.create({
          clientName: t.bankLogin.displayName,
          apiVersion: 'v2',
          env: rule(1, gw.environment),
          key: plaid.publicKey,
          product: 'auth',
          selectAccount: true,
          onExit: () => {
            send('banklogin.tokenization.closed.by-user');
            reject(error('US_BANK_ACCOUNT_LOGIN_CLOSED'));
          },
          onSuccess: (token, md) => resolve([token, md])
        }).open();
        send('banklogin.tokenization.started');
      });
      return tokenizeWith('UsBankLogin', 'banklogin', { usBankLogin: Object.assign(accountInput(t.mandateText, t.bankLogin), {
        publicToken,
        accountId: rule(2, gw.environment) || metadata.account_id,
        accountType: rule(3, metadata.account.subtype)
      }) });
    };

    const instance = {
      tokenize: (opts, cb) => wrap(attempt(() => {
        const t = opts || {};
        const l = t.bankLogin;
        const d = t.bankDetails;
        const check = rule(0, '', !!t.mandateText | !!d << 1 | !!l << 2 | !!(l && l.displayName) << 3 | !!plaid << 4 | loginActive << 5);
        if (check) {
          const sp = check.indexOf(' ');
          throw sp < 0 ? error(check) : error(check.slice(0, sp), undefined, check.slice(sp + 1));
        }
        if (d) {
          return tokenizeWith('UsBankAccount', 'bankdetails', { usBankAccount: Object.assign(accountInput(t.mandateText, d),
            { routingNumber: d.routingNumber, accountNumber: d.accountNumber, accountType: rule(3, d.accountType) }) });
        }
        loginActive = true;
        return login(t).finally(() => { loginActive = false; });
      }), cb),
      teardown(cb) {
        if (script) script.remove();
        convertMethodsToError(instance, ['tokenize', 'teardown']);
        return wrap(Promise.resolve(), cb);
      }
    };
    return instance;
  }), callback);
}
