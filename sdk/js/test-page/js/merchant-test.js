// The merchant test page: a merchant integration written against the
// library's public API, running against the local sandbox.
import * as sdk from './index.js';

const $ = (id) => document.getElementById(id);
const sandboxUrl = location.origin + '/sandbox';
const show = (label, value) => {
  $('result').textContent = label + '\n' + JSON.stringify(value, null, 2);
  document.body.dataset.lastResult = label;
};
const fail = (err) => show('Error', { name: err.name, type: err.type, code: err.code, message: err.message, details: err.details });

async function main() {
  const res = await fetch(sandboxUrl + '/gateway/client_token', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ customerId: 'customer01' })
  });
  const { clientToken } = await res.json();
  const client = await sdk.client.create({ authorization: clientToken, sandboxUrl });
  const hf = await sdk.hostedFields.create({
    client,
    styles: { input: { 'font-size': '16px', 'font-family': 'monospace', color: '#222' }, '.invalid': { color: '#c0392b' }, '.valid': { color: '#2e8b57' } },
    fields: {
      cardholderName: { container: '#cc-name', placeholder: 'Name on card' },
      number: { container: '#cc-number', placeholder: '4111 1111 1111 1111' },
      expirationDate: { container: '#cc-expiration', placeholder: 'MM / YY' },
      cvv: { container: '#cc-cvv', placeholder: '123' },
      postalCode: { container: '#cc-postal', placeholder: '12345' }
    }
  });
  window.hostedFieldsInstance = hf;
  hf.on('cardTypeChange', (e) => { $('card-type').textContent = e.cards.length === 1 ? e.cards[0].niceType : '—'; });
  $('pay').disabled = false;
  document.body.dataset.hostedFields = 'ready';

  let tds = null;
  $('card-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const payload = await hf.tokenize();
      if (!$('use-3ds').checked || !sdk.threeDSecure) return show('Tokenized', payload);
      if (tds) await tds.teardown();
      tds = await sdk.threeDSecure.create({ client, version: $('tds-version').value });
      tds.on('authentication-iframe-available', (event, next) => { $('inline-3ds').appendChild(event.element); next(); });
      const result = await tds.verifyCard({
        nonce: payload.nonce, bin: payload.details.bin, amount: $('amount').value,
        onLookupComplete: (data, next) => next()
      });
      show('3-D Secure verified', result);
    } catch (err) { fail(err); }
  });

  if (sdk.paypal) {
    const pp = await sdk.paypal.create({ client });
    const ppc = await sdk.paypalCheckout.create({ client });
    $('paypal-checkout').disabled = false;
    $('paypal-vault').disabled = false;
    $('paypal-vic').disabled = false;
    $('paypal-checkout').addEventListener('click', () => {
      pp.tokenize({ flow: 'checkout', amount: $('amount').value, currency: 'USD' }).then((p) => show('PayPal tokenized', p), fail);
    });
    $('paypal-vault').addEventListener('click', () => {
      pp.tokenize({ flow: 'vault', billingAgreementDescription: 'Couture saved PayPal' }).then((p) => show('PayPal tokenized', p), fail);
    });
    $('paypal-vic').addEventListener('click', () => {
      ppc.startVaultInitiatedCheckout({ amount: $('amount').value, currency: 'USD', vaultInitiatedCheckoutPaymentMethodToken: 'token-paypal-01' })
        .then((p) => show('PayPal tokenized', p), fail);
    });
  }
  if (sdk.vaultManager) {
    const vm = await sdk.vaultManager.create({ client });
    $('vault-list').disabled = false;
    $('vault-list').addEventListener('click', async () => {
      const methods = await vm.fetchPaymentMethods({ defaultFirst: true });
      const list = $('vault-methods');
      list.replaceChildren();
      for (const m of methods) {
        const li = document.createElement('li');
        li.textContent = m.type + ' ' + (m.description || '') + (m.default ? ' (default) ' : ' ');
        const del = document.createElement('button');
        del.type = 'button';
        del.textContent = 'Delete';
        del.addEventListener('click', () => vm.deletePaymentMethod(m.nonce).then(() => { li.remove(); show('Deleted', m.nonce); }, fail));
        li.appendChild(del);
        list.appendChild(li);
      }
      show('Saved methods', methods);
    });
  }
  if (sdk.venmo) {
    // One instance per flow: the QR code and web login on desktop, the app switch on mobile.
    for (const [id, options] of [['venmo-qr', { allowDesktop: true }], ['venmo-web', { allowDesktopWebLogin: true, paymentMethodUsage: 'single_use' }],
      ['venmo-app', { paymentMethodUsage: 'single_use' }]]) {
      const venmo = await sdk.venmo.create(Object.assign({ client }, options)).catch(fail);
      if (!venmo || !venmo.isBrowserSupported()) continue;
      if (venmo.hasTokenizationResult()) venmo.tokenize().then((p) => show('Venmo tokenized', p), fail);
      $(id).disabled = false;
      $(id).addEventListener('click', () => venmo.tokenize().then((p) => show('Venmo tokenized', p), fail));
    }
  }
  document.body.dataset.ready = 'all';
}

main().catch(fail);
