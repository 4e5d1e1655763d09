/** The privacy policy and the terms and conditions: the house's own pages. */
import { HousePage } from "./house-page";

export function PrivacyPolicy() {
  return <HousePage id="privacy" className="legal" />;
}

export function Terms() {
  return <HousePage id="terms" className="legal terms-list" />;
}
