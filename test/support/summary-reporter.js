// Prints one closing line in the plain form CI reads: "Summary: N passed, N failed, N skipped".
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, numRuntimeErrorTestSuites } = results;
    // A suite that fails to load counts as a failure even when no test in it ran.
    const failed = numFailedTests + numRuntimeErrorTestSuites;
    process.stdout.write(`\nSummary: ${numPassedTests} passed, ${failed} failed, ${numPendingTests + numTodoTests} skipped\n`);
  }
}
module.exports = SummaryReporter;
