// `npx tsx infra/bin/rollback.ts <stage> [region]`: moves every function of
// the stage back to its previous version (README, "Roll back"). It uses the
// AWS CLI and the caller's credentials; the next deploy of a new version
// moves the aliases forward again through CodeDeploy.
import { execFileSync } from "node:child_process";
import { functionsStackName, previousVersion } from "../lib/rollback.ts";
import { LIVE_ALIAS } from "../lib/live-function.ts";

const [stage, region] = process.argv.slice(2);
if (!stage) {
  console.error("usage: npx tsx infra/bin/rollback.ts <stage> [region]");
  process.exit(2);
}
const aws = (...args: string[]) => execFileSync("aws", [...args, ...(region ? ["--region", region] : []), "--output", "json"], { encoding: "utf8" });

const outputs = JSON.parse(aws("cloudformation", "describe-stacks", "--stack-name", functionsStackName(stage), "--query", "Stacks[0].Outputs")) as {
  OutputKey: string;
  OutputValue: string;
}[];
const functions = outputs.filter((o) => o.OutputKey.endsWith("FunctionName")).map((o) => o.OutputValue);
for (const fn of functions) {
  const live = JSON.parse(aws("lambda", "get-alias", "--function-name", fn, "--name", LIVE_ALIAS, "--query", "FunctionVersion")) as string;
  const versions = JSON.parse(aws("lambda", "list-versions-by-function", "--function-name", fn, "--query", "Versions[].Version")) as string[];
  const previous = previousVersion(versions, live);
  if (!previous) {
    console.log(`${fn}: version ${live} is its first, left as it is`);
    continue;
  }
  aws("lambda", "update-alias", "--function-name", fn, "--name", LIVE_ALIAS, "--function-version", previous);
  console.log(`${fn}: ${LIVE_ALIAS} ${live} -> ${previous}`);
}
