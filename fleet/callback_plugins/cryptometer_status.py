"""cryptometer_status — an Ansible callback that writes what happened on each host as JSON.

`cryptometer fleet` enables it (ANSIBLE_CALLBACKS_ENABLED) and names the file in
CRYPTOMETER_FLEET_EVENTS; without that variable it does nothing, so running
fleet/measure.yml directly is unchanged.  The file, written when the play ends:

  {"hosts": {"NAME": {"unreachable": "the SSH error" | null,
                      "failures": [{"task", "msg", "rc", "stdout_tail", "stderr_tail"}],
                      "arch": "x86_64", "binary": "/path/on/this/machine",
                      "tasks_ok": ["Detect", ...]}}}

Only messages, exit codes and the last lines of output are kept: no variable,
no password, no key.
"""
import json
import os

from ansible.plugins.callback import CallbackBase

DOCUMENTATION = """
    name: cryptometer_status
    type: notification
    short_description: per-host status of a cryptometer fleet run, as JSON
    description: Writes the file named by CRYPTOMETER_FLEET_EVENTS when the play ends.
"""

TAIL_LINES = 12


def _tail(text):
    lines = (text or "").splitlines()
    return lines[-TAIL_LINES:]


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = "notification"
    CALLBACK_NAME = "cryptometer_status"
    CALLBACK_NEEDS_ENABLED = True

    def __init__(self):
        super().__init__()
        self.path = os.environ.get("CRYPTOMETER_FLEET_EVENTS")
        self.hosts = {}
        self.measuring = True

    def v2_playbook_on_play_start(self, play):
        # the play that only names the run (on localhost) is not a host of the fleet
        self.measuring = not play.get_name().startswith("Name this run")

    def _host(self, result):
        name = result._host.get_name()
        return self.hosts.setdefault(name, {"unreachable": None, "failures": [], "tasks_ok": []})

    def _save(self):
        if not self.path:
            return
        tmp = self.path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump({"hosts": self.hosts}, f, indent=1)
        os.replace(tmp, self.path)

    def v2_runner_on_unreachable(self, result):
        if not self.measuring:
            return
        r = result._result
        self._host(result)["unreachable"] = str(r.get("msg") or r.get("stderr") or "unreachable").strip()
        self._save()

    def v2_runner_on_failed(self, result, ignore_errors=False):
        if ignore_errors or not self.measuring:
            return
        r = result._result
        self._host(result)["failures"].append({
            "task": result._task.get_name(), "msg": str(r.get("msg", "")).strip(), "rc": r.get("rc"),
            "stdout_tail": _tail(r.get("stdout")), "stderr_tail": _tail(r.get("stderr"))})
        self._save()

    def v2_runner_on_ok(self, result):
        if not self.measuring:
            return
        host = self._host(result)
        host["tasks_ok"].append(result._task.get_name())
        facts = result._result.get("ansible_facts") or {}
        if "cm_arch" in facts:
            host["arch"], host["binary"] = facts["cm_arch"], facts.get("cm_binary")
        self._save()

    def v2_playbook_on_stats(self, stats):
        self._save()
