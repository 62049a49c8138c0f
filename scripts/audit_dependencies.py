"""Run pip-audit --strict on the virtualenv and say plainly whether it ran (`make audit`).

pip-audit asks a vulnerability service (by default PyPI's JSON API) about every
installed distribution. Where that service cannot be reached, or answers for
none of them, nothing was checked: this prints "pip-audit: not run (why)" and
never "pass". Exit status: 0 for a pass and for "not run" (unless
AUDIT_REQUIRE_PIP_AUDIT=1), 1 for a vulnerability or a strict-mode gap.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

PIP_AUDIT = Path(sys.executable).with_name("pip-audit")
TIMEOUT_SECONDS = 300


@dataclass(frozen=True)
class Verdict:
    outcome: str  # "pass", "not run", "vulnerable" or "incomplete"
    message: str

    @property
    def exit_status(self) -> int:
        if self.outcome == "pass":
            return 0
        if self.outcome == "not run":
            return 1 if os.environ.get("AUDIT_REQUIRE_PIP_AUDIT") == "1" else 0
        return 1


def judge(returncode: int, stdout: str, stderr: str) -> Verdict:
    """Turn one pip-audit run (JSON format) into what it actually established."""
    try:
        report = json.loads(stdout) if stdout.strip() else None
    except json.JSONDecodeError:
        report = None
    if report is None:
        reason = _last_line(stderr) or f"pip-audit exited with {returncode}"
        return Verdict("not run", f"pip-audit: not run ({reason})")
    dependencies = report.get("dependencies", [])
    skipped = [d for d in dependencies if "skip_reason" in d]
    audited = [d for d in dependencies if "skip_reason" not in d]
    vulnerable = [d for d in audited if d.get("vulns")]
    if vulnerable:
        lines = [
            f"  {d['name']} {d['version']}: " + ", ".join(v["id"] for v in d["vulns"])
            for d in vulnerable
        ]
        return Verdict(
            "vulnerable",
            f"pip-audit: {len(vulnerable)} vulnerable dependencies\n"
            + "\n".join(lines),
        )
    if not audited:
        first = skipped[0]["skip_reason"] if skipped else "no dependencies listed"
        return Verdict(
            "not run",
            "pip-audit: not run (the vulnerability service answered for none of "
            f"the {len(dependencies)} dependencies; first: {first})",
        )
    if skipped:
        names = ", ".join(d["name"] for d in skipped)
        return Verdict(
            "incomplete",
            f"pip-audit: FAILED in strict mode: {len(skipped)} of "
            f"{len(dependencies)} dependencies could not be audited ({names})",
        )
    return Verdict(
        "pass",
        f"pip-audit: pass ({len(audited)} dependencies audited, no known vulnerability)",
    )


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _run(*options: str) -> tuple[int, str, str]:
    done = subprocess.run(
        [str(PIP_AUDIT), "--skip-editable", "--progress-spinner", "off", *options],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def main() -> int:
    try:
        strict = _run("--strict", "--format", "json")
        if strict[0] == 0:
            verdict = judge(*strict)
        else:
            # --strict stops at the first dependency it cannot audit and prints
            # no report; run again without it to tell "a vulnerability" and
            # "one gap" from "nothing could be checked at all".
            verdict = judge(*_run("--format", "json"))
            if verdict.outcome == "pass":
                verdict = Verdict(
                    "incomplete",
                    "pip-audit: FAILED in strict mode: "
                    + (_last_line(strict[2]) or f"exit status {strict[0]}"),
                )
    except (OSError, subprocess.TimeoutExpired) as error:
        verdict = Verdict("not run", f"pip-audit: not run ({error})")
    print(verdict.message)
    return verdict.exit_status


if __name__ == "__main__":
    sys.exit(main())
