// A vitest reporter for `npm test`: writes each test file's project, time and test counts to the
// file named by VITEST_TIMES_FILE, so the summary can say where the suite's time goes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export default class TimesReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const files = testModules.map((module) => {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const { state } = test.result();
        counts[state === 'passed' || state === 'failed' ? state : 'skipped'] += 1;
      }
      // A file that failed before its tests ran (an import, a hook) counts as one failure.
      if (!module.ok() && counts.failed === 0) counts.failed = 1;
      const { duration, collectDuration, setupDuration } = module.diagnostic();
      return {
        project: module.project.name,
        file: path.relative(this.root, module.moduleId),
        ok: module.ok(),
        // Importing the file and its setup counts: a slow import is time the suite spends too.
        ms: duration + collectDuration + setupDuration,
        ...counts,
      };
    });
    writeFileSync(process.env.VITEST_TIMES_FILE, JSON.stringify(files));
  }
}
