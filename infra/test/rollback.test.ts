// The rollback script's choices, without AWS.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { functionsStackName, previousVersion } from "../lib/rollback.ts";

describe("rollback", () => {
  it("picks the highest published version below the live one, numerically", () => {
    assert.equal(previousVersion(["$LATEST", "1", "2", "9", "10", "11"], "11"), "10");
    assert.equal(previousVersion(["$LATEST", "2", "9", "10"], "10"), "9");
    // Already rolled back once: the one before that.
    assert.equal(previousVersion(["1", "2", "3"], "2"), "1");
  });

  it("leaves a first version alone", () => {
    assert.equal(previousVersion(["$LATEST", "1"], "1"), undefined);
  });

  it("finds the stage's Functions stack", () => {
    assert.equal(functionsStackName("staging"), "CoutureStagingFunctions");
    assert.equal(functionsStackName("dev-ann"), "CoutureDevAnnFunctions");
  });
});
