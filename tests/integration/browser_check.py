#!/usr/bin/env python3
"""Open an HTML file in headless Chromium and check that it rendered.

    browser_check.py HTML [--expect-plots N] [--screenshot OUT.png]
                          [--element-screenshot ID OUT.png]...
                          [--selector CSS] [--timeout S] [--self-contained]

Chromium is driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: commands on its fd 3, answers on its fd 4, one
NUL-terminated JSON message each); no port is opened.  Checks:

  * no console errors: console.error/assert, uncaught exceptions and
    browser log errors (e.g. a resource that failed to load);
  * the number of elements matching --selector (default "figure.plot svg")
    equals --expect-plots N, when given;
  * each of them has a non-zero rendered size, is not hidden and (for an
    <svg>) draws something;
  * no request other than file:, data:, about: and blob: URLs (with
    --self-contained, no request at all except the page itself and data:);
  * with --interactive, the report's interactive plots (docs/report.md):
    every marker has a tooltip (<title>); a real mouse click on a legend
    entry hides its series and a second one shows it again; hovering a
    marker shows its text in the plot's readout, hovering the plot area
    the cursor's values.

Console warnings are listed but do not fail the check (--fail-on-warning
makes them fail).  Exit status: 0 all checks passed; 1 a check failed (one
"FAIL: ..." line per problem on stdout); 2 the check could not be made
(Chromium missing or failed to start, HTML file missing, bad option).

Chromium runs in its own process group with a throwaway profile under a
temporary directory; both are removed on every exit, and --timeout bounds
the whole run.  Standard library only.
"""

import argparse
import base64
import errno
import fcntl
import json
import os
import pathlib
import select
import shutil
import signal
import sys
import tempfile
import time

PROG = "browser_check"
# Schemes a page may load from without reaching the network.
LOCAL_SCHEMES = ("file:", "data:", "about:", "blob:")
# Longest full-page screenshot, in CSS pixels (Chromium fails beyond its
# maximum texture size; a longer page is cut there, with a note).
MAX_SHOT_HEIGHT = 16000

CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",               # needed as root; the page is a local file
    "--disable-gpu",
    "--remote-debugging-pipe",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-sync",
    "--disable-breakpad",
    "--disable-dev-shm-usage",
    "--mute-audio",
    "--hide-scrollbars",
    "--force-color-profile=srgb",
    "--window-size=1280,900",
]


class CannotCheck(Exception):
    """The check could not be made (exit status 2)."""


class Timeout(Exception):
    pass


def find_chromium(explicit):
    """The Chromium binary: --chromium, $CHROMIUM, Debian's real binary
    (skipping its /usr/bin shell wrapper), or the first on PATH."""
    if explicit or os.environ.get("CHROMIUM"):
        path = explicit or os.environ["CHROMIUM"]
        found = shutil.which(path)
        if not found:
            raise CannotCheck(f"chromium not found at '{path}'")
        return found
    if os.access("/usr/lib/chromium/chromium", os.X_OK):
        return "/usr/lib/chromium/chromium"
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise CannotCheck("chromium not found; install Debian's chromium package "
                      "(scripts/setup.sh does) or name it with --chromium")


def high_fd(fd):
    """A close-on-exec duplicate of fd numbered 10 or more; closes fd."""
    high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return high


class Browser:
    """One headless Chromium and its DevTools pipe."""

    def __init__(self, binary, workdir, deadline, scale):
        self.deadline = deadline
        self.events = []        # (method, params) of the page session
        self.answers = {}       # id -> message
        self.next_id = 0
        self.session = None
        self.buf = b""
        self.stderr_path = os.path.join(workdir, "chromium.stderr")
        profile = os.path.join(workdir, "profile")
        os.mkdir(profile)
        # Our ends and Chromium's ends of the two pipes; posix_spawn moves
        # Chromium's ends to its fds 3 (commands in) and 4 (answers out).
        # All other descriptors of ours are close-on-exec (PEP 446).
        cmd_r, cmd_w = os.pipe()
        ans_r, ans_w = os.pipe()
        args = [binary] + CHROMIUM_FLAGS + [
            f"--user-data-dir={profile}",
            f"--force-device-scale-factor={scale}",
            "about:blank",
        ]
        # TMPDIR too: Chromium leaves an org.chromium.Chromium.* folder there.
        env = dict(os.environ, HOME=workdir, TMPDIR=workdir)
        err = os.open(self.stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        # The descriptors the child duplicates go above 9 first, so that no
        # file action below overwrites one before it has been duplicated.
        cmd_r, ans_w, err = (high_fd(fd) for fd in (cmd_r, ans_w, err))
        try:
            self.pid = os.posix_spawn(binary, args, env, setsid=True, file_actions=[
                (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                (os.POSIX_SPAWN_DUP2, err, 1),
                (os.POSIX_SPAWN_DUP2, err, 2),
                (os.POSIX_SPAWN_DUP2, cmd_r, 3),
                (os.POSIX_SPAWN_DUP2, ans_w, 4),
            ])
        except OSError as e:
            os.close(cmd_w)
            os.close(ans_r)
            raise CannotCheck(f"cannot start chromium ({binary}): "
                              f"{e.strerror}") from None
        finally:
            for fd in (err, cmd_r, ans_w):
                os.close(fd)
        self.status = None
        self.wfd, self.rfd = cmd_w, ans_r
        os.set_blocking(self.rfd, False)

    def poll(self):
        """Chromium's exit status, or None while it runs.  The exited
        leader is not reaped (WNOWAIT) until close(), so that its process
        group id cannot be reused before the group has been killed."""
        if self.status is None:
            r = os.waitid(os.P_PID, self.pid,
                          os.WEXITED | os.WNOHANG | os.WNOWAIT)
            if r is not None and r.si_pid:
                self.status = (r.si_status if r.si_code == os.CLD_EXITED
                               else -r.si_status)
        return self.status

    def wait(self, seconds):
        end = time.monotonic() + seconds
        while self.poll() is None and time.monotonic() < end:
            time.sleep(0.05)
        return self.status

    def close(self):
        """Ends Chromium's whole process group, whatever state it is in."""
        for fd in (self.wfd, self.rfd):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.killpg(self.pid, signal.SIGTERM)
            self.wait(2.0)
            # Then anything left: helpers of the group may outlive the
            # leader, whose unreaped zombie still holds the group id.
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)

    def stderr_tail(self, lines=3):
        try:
            with open(self.stderr_path, errors="replace") as f:
                tail = [l.strip() for l in f if l.strip()][-lines:]
        except OSError:
            return ""
        return " | ".join(tail)

    def _read(self, until):
        """Reads and dispatches messages until `until` or the deadline."""
        while True:
            left = self.deadline - time.monotonic()
            if until is not None:
                left = min(left, until - time.monotonic())
            if left <= 0:
                return
            ready, _, _ = select.select([self.rfd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.rfd, 1 << 20)
            except BlockingIOError:
                continue
            if not chunk:
                status = self.poll()
                raise CannotCheck(
                    "chromium closed the DevTools pipe"
                    + (f" (exit status {status})" if status is not None else "")
                    + (f": {self.stderr_tail()}" if self.stderr_tail() else ""))
            self.buf += chunk
            while b"\0" in self.buf:
                raw, self.buf = self.buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "id" in msg:
                    self.answers[msg["id"]] = msg
                elif msg.get("sessionId") == self.session and self.session:
                    self.events.append((msg["method"], msg.get("params", {})))
            return

    def send(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        data = json.dumps(msg).encode() + b"\0"
        try:
            while data:
                data = data[os.write(self.wfd, data):]
        except OSError as e:
            if e.errno == errno.EPIPE:
                raise CannotCheck("chromium closed the DevTools pipe: "
                                  + self.stderr_tail()) from None
            raise
        return self.next_id

    def call(self, method, params=None, session=True):
        """Sends a command and waits for its answer; returns its result."""
        mid = self.send(method, params, session)
        while mid not in self.answers:
            if time.monotonic() >= self.deadline:
                raise Timeout(f"no answer to {method}")
            self._read(None)
        msg = self.answers.pop(mid)
        if "error" in msg:
            raise CannotCheck(f"{method}: {msg['error'].get('message')}")
        return msg.get("result", {})

    def wait_event(self, method, seen=0):
        """Waits for an event of the page session; returns its params."""
        while True:
            for name, params in self.events[seen:]:
                if name == method:
                    return params
            seen = len(self.events)
            if time.monotonic() >= self.deadline:
                raise Timeout(f"no {method}")
            self._read(None)

    def settle(self, quiet):
        """Reads events until none has come for `quiet` seconds."""
        while time.monotonic() < self.deadline:
            before = len(self.events)
            self._read(time.monotonic() + quiet)
            if len(self.events) == before:
                return

    def evaluate(self, expression):
        res = self.call("Runtime.evaluate", {
            "expression": expression, "returnByValue": True})
        if "exceptionDetails" in res:
            raise CannotCheck("evaluation failed: "
                              + exception_text(res["exceptionDetails"]))
        return res["result"].get("value")

    def screenshot(self, path, clip):
        res = self.call("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True, "clip": clip})
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "wb") as f:
            f.write(base64.b64decode(res["data"]))


def count(n, noun):
    return f"{n} {noun}" + ("" if n == 1 else "s")


def matching(n, selector):
    return f"{count(n, 'element')} match{'es' if n == 1 else ''} '{selector}'"


def remote_text(obj):
    if "value" in obj:
        v = obj["value"]
        return v if isinstance(v, str) else json.dumps(v)
    return obj.get("description") or obj.get("unserializableValue") or obj.get("type", "")


def exception_text(details):
    exc = details.get("exception") or {}
    text = exc.get("description") or details.get("text", "exception")
    text = text.splitlines()[0] if text else "exception"
    where = details.get("url") or ""
    if where:
        where = f" ({os.path.basename(where)}:{details.get('lineNumber', 0) + 1})"
    return text + where


def console_messages(events):
    """(errors, warnings) of the console and the browser log, deduplicated."""
    errors, warnings = [], []
    for method, p in events:
        if method == "Runtime.consoleAPICalled":
            text = " ".join(remote_text(a) for a in p.get("args", []))
            if p.get("type") in ("error", "assert"):
                errors.append(f"console.{p['type']}: {text}")
            elif p.get("type") == "warning":
                warnings.append(f"console.warn: {text}")
        elif method == "Runtime.exceptionThrown":
            errors.append("uncaught exception: "
                          + exception_text(p.get("exceptionDetails", {})))
        elif method == "Log.entryAdded":
            e = p.get("entry", {})
            text = e.get("text", "")
            if e.get("url") and e["url"] not in text:
                text += f" ({e['url']})"
            if e.get("level") == "error":
                errors.append(f"browser log ({e.get('source', '?')}): {text}")
            elif e.get("level") == "warning":
                warnings.append(f"browser log ({e.get('source', '?')}): {text}")
    dedup = lambda xs: list(dict.fromkeys(xs))
    return dedup(errors), dedup(warnings)


def outside_requests(events, page_url, self_contained):
    bad = []
    for method, p in events:
        if method != "Network.requestWillBeSent":
            continue
        url = p.get("request", {}).get("url", "")
        if url == page_url or (p.get("type") == "Document"
                               and url.startswith("file:")):
            continue
        if self_contained:
            ok = url.startswith(("data:", "about:", "blob:"))
        else:
            ok = url.startswith(LOCAL_SCHEMES)
        if not ok:
            bad.append(url)
    return list(dict.fromkeys(bad))


PLOTS_JS = r"""
(() => {
  let els;
  try { els = Array.from(document.querySelectorAll(%s)); }
  catch (e) { return {error: String(e)}; }
  return {plots: els.map((e, i) => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    const owner = e.closest('[id]');
    const svg = e.tagName.toLowerCase() === 'svg';
    return {
      index: i + 1, id: owner ? owner.id : '', w: r.width, h: r.height,
      hidden: e.checkVisibility
              ? !e.checkVisibility({opacityProperty: true, visibilityProperty: true})
              : s.visibility === 'hidden' || s.display === 'none',
      svg: svg,
      marks: svg ? e.querySelectorAll(
        'path,line,polyline,polygon,rect,circle,ellipse,text,image,use').length : -1,
    };
  })};
})()
"""

# The box of an element to screenshot: its border box, or ("ink") the
# union of what it draws: text lines, and svg, img, canvas, video and table
# elements -- so that a block-level <figure> as wide as the page gives the
# plot and its caption, not the empty width beside them.
ELEMENT_JS = r"""
(() => {
  const e = document.getElementById(%s);
  if (!e) return null;
  e.scrollIntoView({block: 'start'});
  const sx = window.scrollX, sy = window.scrollY;
  let box = e.getBoundingClientRect();
  if (%s) {
    const boxes = [];
    const add = r => { if (r.width > 0 && r.height > 0) boxes.push(r); };
    const solid = new Set(['svg', 'img', 'canvas', 'video', 'table']);
    const walk = n => {
      if (n.nodeType === Node.TEXT_NODE) {
        if (n.textContent.trim()) {
          const range = document.createRange();
          range.selectNodeContents(n);
          add(range.getBoundingClientRect());
        }
        return;
      }
      if (n.nodeType !== Node.ELEMENT_NODE) return;
      if (getComputedStyle(n).display === 'none') return;
      if (solid.has(n.localName)) { add(n.getBoundingClientRect()); return; }
      for (const c of n.childNodes) walk(c);
    };
    walk(e);
    if (boxes.length) {
      const pad = 4;
      const l = Math.min(...boxes.map(r => r.left)) - pad;
      const t = Math.min(...boxes.map(r => r.top)) - pad;
      const r = Math.max(...boxes.map(r => r.right)) + pad;
      const b = Math.max(...boxes.map(r => r.bottom)) + pad;
      box = {left: l, top: t, width: r - l, height: b - t};
    }
  }
  return {x: Math.max(0, box.left + sx), y: Math.max(0, box.top + sy),
          w: box.width, h: box.height};
})()
"""


# The interactive plots of mpchar's report: tooltips counted, and the first
# figure with two or more legend entries chosen for the clicks (legend
# entry: its text's centre; a marker of another series: its centre).
INTERACTIVE_JS = r"""
(() => {
  const center = e => { const r = e.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2}; };
  const pts = Array.from(document.querySelectorAll('figure.plot svg g.mpc-pt'));
  const untitled = pts.filter(g => {
    const t = g.querySelector(':scope > title');
    return !t || !t.textContent.trim(); }).length;
  const fig = Array.from(document.querySelectorAll('figure.plot')).find(f =>
    f.querySelectorAll('svg g.mpc-key').length >= 2 &&
    f.querySelector('div.readout'));
  const out = {markers: pts.length, untitled: untitled,
               scripts: document.scripts.length};
  if (!fig) return out;
  fig.scrollIntoView({block: 'start'});
  const svg = fig.querySelector('svg');
  const key = svg.querySelector('g.mpc-key');
  const s = key.getAttribute('data-series');
  const groups = Array.from(svg.querySelectorAll(
    `g.mpc-data[data-series="${s}"]`));
  const other = Array.from(svg.querySelectorAll('g.mpc-data g.mpc-pt')).find(g =>
    g.closest('g.mpc-data').getAttribute('data-series') !== s && (() => {
      const c = center(g); const hit = document.elementFromPoint(c.x, c.y);
      return hit && hit.closest('g.mpc-pt') === g; })());
  const a = svg.getAttribute('data-axes').split(' ').map(Number);
  const m = svg.getScreenCTM();
  out.figure = fig.id;
  out.key = {title: key.querySelector('title').textContent,
             at: center(key.querySelector('text') || key)};
  out.groups = groups.length;
  out.marker = other ? {at: center(other),
                        title: other.querySelector('title').textContent} : null;
  /* The middle of the plot area, in the page's coordinates. */
  out.area = {x: m.a * (a[4] + a[5]) / 2 + m.e, y: m.d * (a[6] + a[7]) / 2 + m.f};
  return out;
})()
"""

STATE_JS = r"""
(() => {
  const fig = document.getElementById(%s);
  const svg = fig.querySelector('svg');
  const key = svg.querySelector('g.mpc-key');
  const s = key.getAttribute('data-series');
  const groups = Array.from(svg.querySelectorAll(
    `g.mpc-data[data-series="${s}"]`));
  return {hidden: groups.filter(g => getComputedStyle(g).display === 'none').length,
          others_hidden: Array.from(svg.querySelectorAll('g.mpc-data')).filter(g =>
            g.getAttribute('data-series') !== s &&
            getComputedStyle(g).display === 'none').length,
          off: key.classList.contains('mpc-off'),
          readout: fig.querySelector('div.readout').textContent};
})()
"""


def mouse(browser, kind, at, buttons=0):
    params = {"type": kind, "x": at["x"], "y": at["y"], "button": "none"}
    if kind != "mouseMoved":
        params.update(button="left", clickCount=1, buttons=buttons)
    browser.call("Input.dispatchMouseEvent", params)


def click(browser, at):
    mouse(browser, "mouseMoved", at)
    mouse(browser, "mousePressed", at, 1)
    mouse(browser, "mouseReleased", at)


def check_interactive(browser, problems, notes):
    """Clicks a legend entry twice and hovers a marker and the plot area
    with real mouse events (Input.dispatchMouseEvent)."""
    info = browser.evaluate(INTERACTIVE_JS)
    notes.append(f"{count(info['markers'], 'marker')} with tooltips, "
                 f"{count(info['scripts'], 'script')}")
    if info["markers"] == 0:
        problems.append("interactive: no marker (g.mpc-pt) in any plot")
    if info["untitled"]:
        problems.append(f"interactive: {info['untitled']} markers without a tooltip")
    if "figure" not in info:
        problems.append("interactive: no plot with two legend entries and a readout")
        return
    fig = info["figure"]
    state = lambda: browser.evaluate(STATE_JS % json.dumps(fig))
    before = state()
    if before["hidden"] or before["off"]:
        problems.append(f"interactive: #{fig}: a series is hidden before any click")
    click(browser, info["key"]["at"])
    after = state()
    if after["hidden"] != info["groups"] or not after["off"] or after["others_hidden"]:
        problems.append(f"interactive: #{fig}: clicking the legend entry "
                        f"'{info['key']['title']}' hid {after['hidden']} of its "
                        f"{info['groups']} groups and {after['others_hidden']} "
                        "groups of other series")
    click(browser, info["key"]["at"])
    again = state()
    if again["hidden"] or again["off"]:
        problems.append(f"interactive: #{fig}: a second click did not show "
                        f"'{info['key']['title']}' again")
    notes.append(f"interactive: #{fig}: legend entry '{info['key']['title']}' "
                 f"clicked: {count(after['hidden'], 'group')} hidden, shown again")
    if info["marker"] is None:
        problems.append(f"interactive: #{fig}: no marker of another series to hover")
    else:
        mouse(browser, "mouseMoved", info["marker"]["at"])
        want = info["marker"]["title"].replace(":\n", ": ").replace("\n", "; ")
        got = state()["readout"]
        if got != want:
            problems.append(f"interactive: #{fig}: hovering a marker shows "
                            f"'{got}', expected '{want}'")
        notes.append(f"interactive: hover on a marker: '{got}'")
    mouse(browser, "mouseMoved", info["area"])
    got = state()["readout"]
    if not got.startswith("cursor: "):
        problems.append(f"interactive: #{fig}: hovering the plot area shows "
                        f"'{got}', expected 'cursor: ...'")
    notes.append(f"interactive: hover on the plot area: '{got}'")


def check(args):
    """Runs the check; returns (problems, notes)."""
    html = os.path.abspath(args.html)
    if not os.path.isfile(html):
        raise CannotCheck(f"no such file: {args.html}")
    page_url = pathlib.Path(html).as_uri()
    binary = find_chromium(args.chromium)
    started = time.monotonic()
    deadline = started + args.timeout
    problems, notes = [], []
    workdir = tempfile.mkdtemp(prefix="browser-check.")
    browser = None
    try:
        browser = Browser(binary, workdir, deadline, args.scale)
        try:
            browser.call("Browser.getVersion", session=False)
        except Timeout:
            raise CannotCheck(f"chromium did not answer within {args.timeout:g} s"
                              + (f": {browser.stderr_tail()}"
                                 if browser.stderr_tail() else "")) from None
        try:
            target = browser.call("Target.createTarget", {"url": "about:blank"},
                                  session=False)["targetId"]
            browser.session = browser.call(
                "Target.attachToTarget", {"targetId": target, "flatten": True},
                session=False)["sessionId"]
            for domain in ("Page", "Runtime", "Log", "Network"):
                browser.call(f"{domain}.enable")
            seen = len(browser.events)
            nav = browser.call("Page.navigate", {"url": page_url})
            if nav.get("errorText"):
                problems.append(f"page did not load: {nav['errorText']}")
                return problems, notes
            browser.wait_event("Page.loadEventFired", seen)
        except Timeout:
            problems.append(f"page did not finish loading within {args.timeout:g} s")
            return problems, notes
        try:
            browser.settle(args.settle)
            result = browser.evaluate(PLOTS_JS % json.dumps(args.selector))
            if "error" in result:
                raise CannotCheck(f"bad --selector '{args.selector}': {result['error']}")
            plots = result["plots"]
            errors, warnings = console_messages(browser.events)
            problems += errors
            for w in warnings:
                (problems if args.fail_on_warning else notes).append(w)
            for url in outside_requests(browser.events, page_url, args.self_contained):
                problems.append(f"request outside the file: {url}")
            if args.expect_plots is not None and len(plots) != args.expect_plots:
                problems.append(f"{matching(len(plots), args.selector)}, "
                                f"expected {args.expect_plots}")
            for p in plots:
                name = f"plot {p['index']}" + (f" (#{p['id']})" if p["id"] else "")
                if p["hidden"]:
                    problems.append(f"{name} not rendered: hidden (display, "
                                    "visibility or opacity)")
                elif p["w"] < 1 or p["h"] < 1:
                    problems.append(f"{name} not rendered: size "
                                    f"{p['w']:g}x{p['h']:g} px")
                elif p["svg"] and p["marks"] == 0:
                    problems.append(f"{name} not rendered: the svg draws nothing")
            notes.append(matching(len(plots), args.selector))
            if args.interactive:
                check_interactive(browser, problems, notes)
                errors, _ = console_messages(browser.events)
                problems += [e for e in errors if e not in problems]

            for elem_id, out in args.element_screenshot or []:
                box = browser.evaluate(ELEMENT_JS % (json.dumps(elem_id),
                                   "true" if args.element_box == "ink" else "false"))
                if box is None:
                    problems.append(f"no element with id '{elem_id}' to screenshot")
                    continue
                if box["w"] < 1 or box["h"] < 1:
                    problems.append(f"element #{elem_id} has no size to screenshot")
                    continue
                x0, y0 = int(box["x"]), int(box["y"])
                x1 = int(-(-(box["x"] + box["w"]) // 1))
                y1 = int(-(-(box["y"] + box["h"]) // 1))
                browser.screenshot(out, {"x": x0, "y": y0, "width": x1 - x0,
                                         "height": y1 - y0, "scale": 1})
                notes.append(f"#{elem_id}: {x1 - x0}x{y1 - y0} CSS px -> {out}")

            if args.screenshot:
                browser.evaluate("window.scrollTo(0, 0)")
                size = browser.call("Page.getLayoutMetrics")["cssContentSize"]
                w, h = int(-(-size["width"] // 1)), int(-(-size["height"] // 1))
                if h > MAX_SHOT_HEIGHT:
                    notes.append(f"page is {h} px high; screenshot cut at "
                                 f"{MAX_SHOT_HEIGHT} px")
                    h = MAX_SHOT_HEIGHT
                browser.screenshot(args.screenshot, {"x": 0, "y": 0, "width": w,
                                                     "height": h, "scale": 1})
                notes.append(f"screenshot {w}x{h} CSS px -> {args.screenshot}")
        except Timeout as t:
            problems.append(f"timed out after {args.timeout:g} s ({t})")
        notes.append(f"checked in {time.monotonic() - started:.1f} s")
        return problems, notes
    finally:
        if browser:
            browser.close()
        shutil.rmtree(workdir, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(
        prog="browser_check.py",
        description="Open an HTML file in headless Chromium and check that it "
                    "rendered: no console errors, the expected number of "
                    "rendered plots, no requests outside the file.")
    ap.add_argument("html", help="the HTML file to open")
    ap.add_argument("--expect-plots", type=int, metavar="N",
                    help="exactly N elements must match --selector")
    ap.add_argument("--selector", default="figure.plot svg", metavar="CSS",
                    help="CSS selector of a plot (default: %(default)s)")
    ap.add_argument("--screenshot", metavar="OUT.png",
                    help="save a full-page PNG screenshot")
    ap.add_argument("--element-screenshot", nargs=2, action="append",
                    metavar=("ID", "OUT.png"),
                    help="save a PNG of the element with this id (repeatable)")
    ap.add_argument("--element-box", choices=("ink", "border"), default="ink",
                    help="what --element-screenshot takes: the union of the "
                         "element's text, svg, img and table boxes with 4 px "
                         "around (ink), or its CSS border box (default: "
                         "%(default)s)")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="device pixels per CSS pixel of screenshots "
                         "(default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=60.0, metavar="S",
                    help="hard limit of the whole check (default: %(default)s s)")
    ap.add_argument("--settle", type=float, default=0.3, metavar="S",
                    help="after the load event, wait until the page has been "
                         "quiet this long (default: %(default)s s)")
    ap.add_argument("--self-contained", action="store_true",
                    help="fail on any request but the page itself and data: URLs "
                         "(default: only non-file URLs fail)")
    ap.add_argument("--interactive", action="store_true",
                    help="check the report's interactive plots: tooltips on "
                         "every marker, a real click on a legend entry hides "
                         "its series, hovering fills the readout")
    ap.add_argument("--fail-on-warning", action="store_true",
                    help="console warnings fail the check too")
    ap.add_argument("--chromium", metavar="PATH",
                    help="the Chromium binary (default: $CHROMIUM, then "
                         "/usr/lib/chromium/chromium, then chromium on PATH)")
    args = ap.parse_args()
    if args.timeout <= 0 or args.scale <= 0 or args.settle < 0:
        ap.error("--timeout and --scale must be positive, --settle not negative")

    # End through `finally` (killing Chromium) on SIGTERM/SIGINT/SIGHUP too.
    def stop(signum, _frame):
        raise SystemExit(128 + signum)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, stop)

    try:
        problems, notes = check(args)
    except CannotCheck as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    for n in notes:
        print(f"{PROG}: {n}")
    for p in problems:
        print(f"FAIL: {p}")
    if problems:
        print(f"{PROG}: {args.html}: {count(len(problems), 'problem')}")
        return 1
    print(f"{PROG}: {args.html}: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
