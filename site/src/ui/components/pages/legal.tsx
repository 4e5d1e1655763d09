/** The privacy policy and the terms and conditions. */
import { house } from "@/config/house";

export function PrivacyPolicy() {
  return (
    <div className="container section narrow">
      <div className="page-title">
        <h1>PRIVACY POLICY</h1>
      </div>
      <div className="prose legal">
        <h2>Collection</h2>
        <p>
          We collect the information you give us when you create an account, place an order, request a made-to-order piece or book an appointment: your name, email, phone, addresses, measurements
          and order history, and technical data such as your browser and pages visited.
        </p>
        <h2>Use</h2>
        <p>We use it to process and deliver orders, make garments to your measurements, answer your questions, keep your account secure and, with your consent, send you news of the house.</p>
        <h2>Confidentiality</h2>
        <p>We never sell your data. We share it only with the partners who carry out a service for you (payment, delivery, email), bound by confidentiality.</p>
        <h2>Security</h2>
        <p>Passwords are stored hashed, sessions are held in secure cookies, and card details go straight to our payment provider; we never see or store them.</p>
        <h2>Your rights</h2>
        <p>
          You may access, correct or delete your personal data and withdraw your consent to marketing at any time by writing to <a href={`mailto:${house.emails.contact}`}>{house.emails.contact}</a>.
        </p>
        <h2>Updates</h2>
        <p>We may update this policy; the current version is always published on this page.</p>
      </div>
    </div>
  );
}

export const TERMS: [string, string][] = [
  ["Authenticity", `Every piece sold by ${house.name} is designed and made by the house and comes with its authenticity label.`],
  ["Orders", "An order is accepted once payment is confirmed; we will contact you if a piece cannot be supplied."],
  ["Pricing", "Prices are shown in US dollars and include the costs stated at checkout; they may change without notice before an order is placed."],
  ["Payment", "Full payment is charged when the order is placed, by card or PayPal, through our secure payment provider."],
  ["Shipping", "Orders are delivered within 2 business days; Express shipping is free above the threshold shown at checkout."],
  ["Returns", "Returns or exchanges are accepted within 20 days of delivery, unworn and with labels; made-to-order pieces cannot be returned."],
  ["Intellectual Property", "All designs, images and texts on this site belong to the house and may not be reproduced without permission."],
  ["Modifications", "We may modify these terms; the version published on this page applies to orders placed after it."],
];

export function Terms() {
  return (
    <div className="container section narrow">
      <div className="page-title">
        <h1>TERMS AND CONDITIONS</h1>
      </div>
      <ul className="prose legal terms-list">
        {TERMS.map(([title, text]) => (
          <li key={title}>
            <strong>{title}:</strong> {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
