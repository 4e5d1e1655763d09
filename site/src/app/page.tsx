import { HomePage } from "@/ui/components/home/home-page";

export default function Page() {
  return <HomePage />;
}
