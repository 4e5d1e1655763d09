import { preload } from "react-dom";
import { HomePage } from "@/ui/components/home/home-page";

/** The home page's first data starts downloading with the HTML, not after the scripts run. */
const EARLY = ["/api/banners", "/api/products", "/api/runways/featured"];

export default function Page() {
  for (const href of EARLY) preload(href, { as: "fetch", crossOrigin: "use-credentials" });
  return <HomePage />;
}
