#!/usr/bin/env python3
"""The web viewer (`stories serve`) in a real browser: Debian's chromium as a phone, driven by
Selenium through Debian's chromedriver (never a downloaded browser). Touches go through the
DevTools protocol's Input.dispatchTouchEvent, which the browser treats as trusted.

usage: web_viewer_test.py --stories PATH [--only NAME]    (exit 0 when every check passes)
"""
import argparse, http.client, json, os, re, shutil, socket, subprocess, sys, tempfile, time, traceback

from selenium import webdriver
from selenium.common.exceptions import (NoAlertPresentException, NoSuchElementException,
                                        StaleElementReferenceException, TimeoutException, WebDriverException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WIDTH, HEIGHT = 390, 844


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`stories serve` with a HOME of its own (its SQLite state is what `stories state` reads)."""

    def __init__(self, stories, home, flags, port=None):
        self.stories, self.home, self.flags = stories, home, flags
        self.port = port or free_port()
        self.process = None

    @property
    def env(self):
        return {"HOME": self.home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "TZ": "UTC"}

    def start(self):
        self.process = subprocess.Popen(
            [self.stories, "serve", "--listen", f"127.0.0.1:{self.port}", *self.flags],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        line = self.process.stderr.readline()
        if "Serving" not in line:
            raise AssertionError(f"serve did not start: {line!r} {self.process.stderr.read()!r}")
        # The printed link (the first http:// URL) lets a browser in; nothing is served before it.
        self.link = re.search(r"http://\S+", line).group(0)
        assert re.fullmatch(rf"http://127\.0\.0\.1:{self.port}/pair/[0-9a-f]{{64}}", self.link), line
        LINKS[self.port] = self.link
        return self

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def state(self):
        out = subprocess.run([self.stories, "state", "--json", *self.flags], env=self.env, capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)


def browser(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--autoplay-policy=no-user-gesture-required", "--mute-audio"]:
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": WIDTH, "height": HEIGHT, "pixelRatio": 2, "touch": True},
        "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Mobile"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    driver.set_page_load_timeout(30)
    return driver


def until(driver, predicate, what, timeout=60):
    """Waits for `predicate`: the bound tells a page that never gets there from a slow one (a
    loaded machine), and an element read while its page is replaced (chromedriver's "node does
    not belong to the document", a WebDriverException) is looked for again."""
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05,
                             ignored_exceptions=(NoSuchElementException, StaleElementReferenceException,
                                                 WebDriverException)).until(
            lambda d: predicate(d))
    except TimeoutException:
        raise AssertionError(f"timed out waiting for {what}; events: {events(driver)[-12:]}")


def events(driver):
    try:
        return driver.execute_script("return window.storiesEvents || []")
    except Exception:
        return []


def count(driver, name, **fields):
    return sum(1 for e in events(driver) if e["event"] == name and all(e.get(k) == v for k, v in fields.items()))


def touch(driver, kind, x=0, y=0, at=None):
    """A touch event; `at` (seconds since the epoch) is the time the event says it happened."""
    points = [] if kind in ("touchEnd", "touchCancel") else [{"x": x, "y": y}]
    command = {"type": kind, "touchPoints": points}
    if at is not None:
        command["timestamp"] = at
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", command)


def tap(driver, x, y):
    """A finger down and up 50 ms apart by the events' own times, however late a loaded machine
    delivers the second (the page tells a tap from a hold by those times)."""
    now = time.time()
    touch(driver, "touchStart", x, y, at=now)
    touch(driver, "touchEnd", at=now + 0.05)


def press(driver, element):
    """A trusted tap in the middle of `element` (chromedriver's click needs the page's JavaScript)."""
    rect = element.rect
    tap(driver, rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)


def swipe(driver, x0, y0, x1, y1, steps=8):
    touch(driver, "touchStart", x0, y0)
    for i in range(1, steps + 1):
        touch(driver, "touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        time.sleep(0.01)
    touch(driver, "touchEnd")


def bar(driver, index):
    bars = driver.find_elements(By.CSS_SELECTOR, "[data-viewer] [role=progressbar]")
    return int(bars[index].get_attribute("aria-valuenow"))


def current(driver):
    root = driver.find_element(By.CSS_SELECTOR, "[data-viewer]")
    return root.get_attribute("data-user-id"), root.get_attribute("data-item-id")


def shown_and_seen(driver, item, seen_before=0):
    until(driver, lambda d: count(d, "itemSeen", item=item) > seen_before, f"{item} seen")


LINKS = {}
PAIRED = set()


def visit(driver, url):
    """Opens `url` with the tab's event log cleared (it lasts across pages of one origin), the
    server's printed link opened first in a browser that has not opened it."""
    port = int(re.match(r"http://[^:/]+:(\d+)", url).group(1))
    if (id(driver), port) not in PAIRED and port in LINKS:
        driver.get(LINKS[port])
        PAIRED.add((id(driver), port))
    try:
        driver.execute_script("sessionStorage.removeItem('stories.events')")
    except Exception:
        pass
    driver.get(url)


# ---- the checks ---------------------------------------------------------------------------

def check_tray_tap_and_the_timer(ctx):
    d, server = ctx.driver, ctx.bundled
    visit(d, server.url + "/")
    links = d.find_elements(By.CSS_SELECTOR, "a[data-user-id]")
    assert len(links) >= 10, len(links)
    ada = d.find_element(By.CSS_SELECTOR, "a[data-user-id=ada]")
    rect = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + 20]", ada)
    tap(d, *rect)
    until(d, lambda d: "/u/ada/ada-0" in d.current_url, "the viewer to open at ada-0")
    shown_and_seen(d, "ada-0", 0)
    first = bar(d, 0)
    time.sleep(1.0)
    later = bar(d, 0)
    assert later > first, f"the bar did not move: {first} → {later}"
    assert d.find_element(By.CSS_SELECTOR, ".status").text == "Ada Lovelace, 1 of 5"


def check_hold_pauses_and_taps_move(ctx):
    d = ctx.driver
    visit(d, ctx.bundled.url + "/u/grace/grace-0")
    shown_and_seen(d, "grace-0", 0)
    touch(d, "touchStart", 200, 420)
    until(d, lambda d: count(d, "paused") >= 1, "hold to pause")
    held = bar(d, 0)
    assert "held" in d.find_element(By.CSS_SELECTOR, "[data-viewer]").get_attribute("class")
    time.sleep(1.0)
    assert bar(d, 0) == held, "the bar moved while held"
    touch(d, "touchEnd")
    until(d, lambda d: count(d, "resumed") >= 1, "release to resume")
    assert current(d) == ("grace", "grace-0"), "releasing a hold moved"
    tap(d, 320, 420)
    until(d, lambda d: current(d)[1] == "grace-1", "a tap on the right to go on")
    shown_and_seen(d, "grace-1", 0)
    tap(d, 40, 420)
    until(d, lambda d: current(d)[1] == "grace-0" and count(d, "itemShown", item="grace-0") == 2, "a tap on the left third to go back")


def check_swipes_between_people_and_down_to_close(ctx):
    d = ctx.driver
    visit(d, ctx.bundled.url + "/u/ada/ada-1")
    shown_and_seen(d, "ada-1")
    swipe(d, 330, 420, 40, 430)
    until(d, lambda d: current(d)[0] == "grace", "a swipe left to the next person")
    assert count(d, "userChanged", **{"from": "ada", "to": "grace"}) >= 1
    shown_and_seen(d, current(d)[1])
    swipe(d, 40, 420, 330, 430)
    until(d, lambda d: current(d)[0] == "ada", "a swipe right back")
    swipe(d, 200, 250, 210, 650)
    until(d, lambda d: d.current_url.rstrip("/") == ctx.bundled.url, "a swipe down to close")
    assert events(d)[-1]["event"] in ("closed", "delivered", "trayRefreshed") and count(d, "closed") >= 1


def check_a_video_plays_and_its_bar_follows(ctx):
    d = ctx.driver
    visit(d, ctx.bundled.url + "/u/mia/mia-1")
    until(d, lambda d: count(d, "playbackStarted", item="mia-1") >= 1, "the clip to play", timeout=20)
    time.sleep(0.8)
    position, length, value = d.execute_script(
        "const v = document.querySelector('video.media'); return [v.currentTime, v.duration, "
        "Number(document.querySelectorAll('[role=progressbar]')[1].getAttribute('aria-valuenow'))]")
    assert position > 0.2, f"the clip did not advance: {position}"
    assert abs(value - 100 * position / length) <= 15, f"the bar ({value}) does not follow the clip ({position}/{length})"
    playing = d.execute_script("const v = document.querySelector('video.media'); return v.playsInline && !v.paused")
    assert playing, "the clip is not playing inline"


def check_seen_reaches_the_store(ctx):
    d, server = ctx.driver, ctx.bundled
    visit(d, server.url + "/u/alan")
    shown_and_seen(d, "alan-0")
    until(d, lambda d: "alan-0" in server.state()["seenItemIds"], "stories state to list alan-0", timeout=10)


def check_the_outbox_delivers_after_the_server_returns(ctx):
    d, server = ctx.driver, ctx.bundled
    visit(d, server.url + "/u/hanako/hanako-0")
    shown_and_seen(d, "hanako-0")
    server.stop()
    d.find_element(By.TAG_NAME, "body").send_keys("l")
    until(d, lambda d: count(d, "liked", item="hanako-0") >= 1, "the like")
    time.sleep(0.5)
    waiting = d.execute_script("return JSON.parse(localStorage.getItem('stories.outbox') || '[]')")
    assert any(w["url"].endswith("/api/likes/hanako-0") for w in waiting), waiting
    server.start()
    until(d, lambda d: any(e["event"] == "delivered" and e["url"].endswith("/api/likes/hanako-0") for e in events(d)),
          "the outbox to deliver", timeout=20)
    assert "hanako-0" in server.state()["likedItemIds"]


def check_pages_without_javascript(ctx):
    server = ctx.bundled
    d = browser(javascript=False)
    try:
        visit(d, server.url + "/")
        press(d, d.find_element(By.CSS_SELECTOR, "a[data-user-id=minji] .avatar"))
        until(d, lambda d: "/u/minji/minji-0" in d.current_url, "the viewer page")
        image = d.find_element(By.CSS_SELECTOR, "[data-viewer] img.media")
        assert image.rect["width"] > 300, image.rect
        press(d, d.find_element(By.CSS_SELECTOR, "a.next"))
        until(d, lambda d: "/u/minji/minji-1" in d.current_url, "the next link")
        press(d, d.find_element(By.CSS_SELECTOR, "form.like button"))
        until(d, lambda d: "Liked" in d.find_element(By.CSS_SELECTOR, "form.like button").text, "the like form")
        state = server.state()
        assert "minji-1" in state["likedItemIds"], state
        assert {"minji-0", "minji-1"} <= set(state["seenItemIds"]), "the <noscript> seen marks"
        visit(d, server.url + "/gallery")
        assert d.find_elements(By.CSS_SELECTOR, ".grid a[href^='/photos/']"), "the gallery's photos"
    finally:
        d.quit()


def check_a_hostile_document(ctx):
    d = ctx.driver
    server = ctx.hostile
    visit(d, server.url + "/")
    # The whole name as text in the title; shown, a name too long for the ring keeps its last
    # part after a slash (…/script>) — as text either way, never markup.
    shown = d.find_element(By.CSS_SELECTOR, "a[data-user-id=evil] .name")
    name = shown.get_attribute("title")
    assert name == "<img src=x onerror=alert(1)> Mallory</script>", name
    assert shown.text == "…/script>" and not d.find_elements(By.CSS_SELECTOR, ".name img"), shown.text
    visit(d, server.url + "/u/evil/evil-0")
    until(d, lambda d: count(d, "mediaFailed", item="evil-0") >= 1, "the unreachable picture to fail in place")
    assert d.find_element(By.CSS_SELECTOR, ".problem button.retry").is_displayed()
    caption = d.find_element(By.CSS_SELECTOR, ".caption").text
    assert caption == "<script>alert('caption')</script> \"quoted\" & <b>bold</b>", caption
    assert len(d.find_elements(By.TAG_NAME, "script")) == 3, "a caption added a script element"
    # An item older than a week says its date, as the terminal's viewer does (it said "77w").
    posted = d.find_element(By.CSS_SELECTOR, ".who time").text
    assert posted == "3 Jun 2025 09:00", posted
    try:
        alert = d.switch_to.alert.text
        raise AssertionError(f"an alert ran: {alert}")
    except NoAlertPresentException:
        pass
    d.find_element(By.CSS_SELECTOR, ".problem button.skip").click()
    until(d, lambda d: current(d)[1] == "evil-1", "skip")
    link = d.find_elements(By.CSS_SELECTOR, ".chrome a.link")
    assert link and link[0].get_attribute("rel") == "noopener noreferrer", "the https link"


def check_parity_with_the_terminal(ctx):
    keys = "next next prev nextUser like close"
    out = subprocess.run([ctx.stories, "view", "ada", "--keys", keys, "--json", "--source", "bundled", "--store", "memory"],
                         env=ctx.parity.env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    names = {"itemShown", "itemSeen", "userChanged", "liked", "unliked", "closed"}
    terminal = [e for e in map(json.loads, out.stdout.splitlines()) if e["event"] in names]
    d = ctx.driver
    visit(d, ctx.parity.url + "/")
    d.execute_script("sessionStorage.clear(); localStorage.clear()")
    visit(d, ctx.parity.url + "/u/ada")
    body = d.find_element(By.TAG_NAME, "body")
    shown_and_seen(d, "ada-0", 0)
    for key in keys.split():
        seen = len([e for e in events(d) if e["event"] == "itemSeen"])
        if key == "next":
            body.send_keys(Keys.ARROW_RIGHT)
        elif key == "prev":
            body.send_keys(Keys.ARROW_LEFT)
        elif key == "nextUser":
            swipe(d, 330, 420, 40, 430)
        elif key == "like":
            body.send_keys("l")
            until(d, lambda d: count(d, "liked") >= 1, "the like")
            continue
        elif key == "close":
            body.send_keys(Keys.ESCAPE)
            until(d, lambda d: d.current_url.rstrip("/") == ctx.parity.url, "close")
            continue
        until(d, lambda d: len([e for e in events(d) if e["event"] == "itemSeen"]) > seen, f"{key} to show and load")
    browser_events = [e for e in events(d) if e["event"] in names]
    assert browser_events == terminal, "\nterminal: %s\nbrowser:  %s" % (terminal, browser_events)


def request(port, path, headers=None, method="GET"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(method, path, headers=headers or {})
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, dict(answer.getheaders()), body


def check_the_host_and_pairing_over_sockets(ctx):
    port = ctx.bundled.port
    status, _, _ = request(port, "/", {"Host": "attacker.example:%d" % port})
    assert status == 421, f"a rebound DNS name got {status}"
    status, _, _ = request(port, "/api/seen", {"Host": "127.0.0.1:%d" % port, "Origin": "http://attacker.example",
                                               "Content-Type": "application/json"}, "POST")
    assert status == 403, status
    # Without the printed link's cookie nothing is served on loopback either, and the link
    # works on every visit of the owner's browser.
    assert request(port, "/")[0] == 403, "served on loopback without the link"
    link_path = ctx.bundled.link.split(str(port), 1)[1]
    for _ in range(2):
        status, headers, _ = request(port, link_path)
        assert status == 303 and headers["Set-Cookie"].startswith(f"stories_session_{port}="), headers
        assert request(port, "/", {"Cookie": headers["Set-Cookie"].split(";")[0]})[0] == 200
    home = os.path.join(ctx.root, "paired")
    os.makedirs(home, exist_ok=True)
    shared = free_port()
    process = subprocess.Popen([ctx.stories, "serve", "--listen", f"0.0.0.0:{shared}", "--source", "bundled",
                                "--store", "memory"], env={"HOME": home, "PATH": os.environ.get("PATH", "")},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        while not any("/pair/" in line for line in lines):
            line = process.stderr.readline()
            assert line, "serve ended: " + "".join(lines)
            lines.append(line)
        path = re.search(r"(/pair/[0-9a-f]{64})", "".join(lines)).group(1)
        assert request(shared, "/")[0] == 403, "served before pairing"
        assert request(shared, "/pair/" + "0" * 64)[0] == 403, "a guessed link paired"
        status, headers, _ = request(shared, path)
        assert status == 303, status
        cookie = headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie, cookie
        session = cookie.split(";")[0]
        assert request(shared, "/", {"Cookie": session})[0] == 200, "the paired device was refused"
        assert request(shared, path)[0] == 403, "the link worked twice"
        assert request(shared, "/", {"Cookie": f"stories_session_{shared}=" + "0" * 64})[0] == 403
    finally:
        process.terminate()
        process.wait(10)


def check_back_after_closing(ctx):
    """Closing a story replaces it in the history: Back goes where the person was before it (it
    opened the story again), and the close lands on the tray page the story was opened from."""
    d, server = ctx.driver, ctx.bundled
    visit(d, server.url + "/")
    visit(d, server.url + "/?page=2")
    d.find_element(By.CSS_SELECTOR, "a[data-user-id]").click()
    until(d, lambda d: "/u/" in d.current_url, "the viewer")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    until(d, lambda d: "/u/" not in d.current_url, "closed to the tray")
    assert d.current_url.endswith("/?page=2"), f"closed to {d.current_url}, not the page it came from"
    d.back()
    until(d, lambda d: d.current_url.endswith("/"), "Back to the page before the story")
    assert "/u/" not in d.current_url, f"Back opened the story again: {d.current_url}"


def check_the_timer_waits_for_the_picture(ctx):
    """The next picture held back by its server until the checks are made: the item waits for
    it with a spinner and a still bar, however late the loaded machine's driver presses →."""
    d, held = ctx.driver, ctx.pictures
    held.hold("/1.jpg")
    try:
        visit(d, ctx.held.url + "/u/held/held-0")
        shown_and_seen(d, "held-0")
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        until(d, lambda d: current(d)[1] == "held-1", "the next item")
        until(d, lambda d: "/1.jpg" in held.asked, "the held picture asked for")
        time.sleep(1.5)
        assert count(d, "itemSeen", item="held-1") == 0, "seen before its picture arrived"
        assert bar(d, 1) == 0, f"the timer ran while the picture loaded: {bar(d, 1)}"
        assert d.find_element(By.CSS_SELECTOR, ".spinner").is_displayed(), "no sign of loading"
    finally:
        held.release()
    shown_and_seen(d, "held-1")
    until(d, lambda d: bar(d, 1) > 0, "the timer once the picture is shown")


class HeldPictures:
    """A picture server on loopback whose held path answers only once the test releases it (or
    after ten minutes, so a failed check never leaves it waiting)."""

    def __init__(self, folder):
        import http.server, threading
        self.folder, self.held, self.asked = folder, None, set()
        self.released = threading.Event()
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                outer.asked.add(self.path)
                if self.path == outer.held:
                    outer.released.wait(600)
                name = os.path.join(outer.folder, os.path.basename(self.path))
                if not os.path.isfile(name):
                    self.send_error(404)
                    return
                with open(name, "rb") as f:
                    body = f.read()
                self.send_response(200)
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def hold(self, path):
        self.held = path
        self.released.clear()

    def release(self):
        self.released.set()

    def stop(self):
        self.release()
        self.server.shutdown()


def api(driver, path):
    return driver.execute_async_script(
        "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.json()).then(arguments[1])", path)


def check_the_viewer_goes_on_into_page_two(ctx):
    """From the last person of the tray's first page the viewer goes on to page 2's first (it
    replayed page 1, then closed): the viewer ends where the stories end, as the terminal's."""
    d, server = ctx.driver, ctx.parity
    visit(d, server.url + "/")
    first, second = api(d, "/api/tray?page=1"), api(d, "/api/tray?page=2")
    assert first["next"] == 2 and second["users"], "the bundled samples have a second page"
    last = first["users"][-1]["id"]
    page_two = [user["id"] for user in second["users"]]
    d.find_element(By.CSS_SELECTOR, f"a[data-user-id='{last}']").click()
    until(d, lambda d: current(d)[0] == last, "the last person of page 1")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.SHIFT, Keys.ARROW_RIGHT)
    until(d, lambda d: current(d)[0] in page_two, "a person of page 2")


def check_offline_between_people_stays_in_the_page(ctx):
    """The connection gone between two people: Retry and Skip in the page (it fell onto the
    browser's error page), and Retry goes on once the connection is back."""
    d, server = ctx.driver, ctx.parity
    visit(d, server.url + "/u/ada/ada-0")
    until(d, lambda d: count(d, "itemSeen", item="ada-0") > 0, "ada's first picture")
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.SHIFT, Keys.ARROW_RIGHT)
        until(d, lambda d: d.find_element(By.CSS_SELECTOR, ".problem button.retry").is_displayed(), "Retry in the page")
        assert d.current_url.startswith(server.url + "/u/ada/"), d.current_url
        assert d.find_element(By.CSS_SELECTOR, ".problem button.skip").is_displayed()
        height = d.execute_script("return document.querySelector('.problem button.retry').getBoundingClientRect().height")
        assert height >= 44, f"Retry is {height} px tall"
    finally:
        d.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    d.find_element(By.CSS_SELECTOR, ".problem button.retry").click()
    until(d, lambda d: current(d)[0] != "ada", "the next person once back online")


def check_controls_are_icons_of_44_pixels_and_the_stage_follows_the_finger(ctx):
    d, server = ctx.driver, ctx.parity
    visit(d, server.url + "/u/ada/ada-0")
    until(d, lambda d: count(d, "itemSeen", item="ada-0") > 0, "ada's first picture")
    controls = d.execute_script(
        "return [...document.querySelectorAll('.tools button, .who .close')].filter(b => !b.hidden).map(b => {"
        "const r = b.getBoundingClientRect(); return [b.getAttribute('aria-label'), r.width, r.height, r.top] })")
    assert len(controls) >= 5, controls
    for label, width, height, _ in controls:
        assert label and width >= 44 and height >= 44, f"{label}: {width}×{height}"
    rows = {round(top) for label, _, _, top in controls if label != "Close"}
    assert len(rows) == 1, f"the tools in one row: {controls}"
    touch(d, "touchStart", 300, 400)
    for x in (290, 270, 240, 220):
        touch(d, "touchMove", x, 402)
        time.sleep(0.02)
    moved = d.execute_script("return getComputedStyle(document.querySelector('.stage')).transform")
    touch(d, "touchEnd")
    assert moved not in ("none", ""), f"the stage did not move during the drag: {moved}"
    until(d, lambda d: current(d)[0] != "ada", "the next person after the swipe")


def check_light_theme_has_no_band_of_another_colour(ctx):
    d, server = ctx.driver, ctx.parity
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    try:
        for path in ("/", "/gallery", "/no/such/page"):
            visit(d, server.url + path)
            colours = d.execute_script(
                "return [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor]")
            assert all(c in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)") for c in colours), f"{path}: {colours}"
            assert "rgb(255, 255, 255)" in colours, f"{path}: {colours}"
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def check_the_open_tray_shows_what_the_terminal_watched(ctx):
    """A tray open on the phone while the terminal watches a story: its ring turns grey with no
    reload (server-sent events on /events)."""
    d, server = ctx.driver, ctx.bundled
    visit(d, server.url + "/")
    user = d.find_element(By.CSS_SELECTOR, "a[data-user-id].ring-unseen").get_attribute("data-user-id")
    items = len(api(d, f"/api/users/{user}")["items"])
    out = subprocess.run([server.stories, "view", user, "--keys", " ".join(["next"] * items), *server.flags],
                         env=server.env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    until(d, lambda d: "ring-seen" in d.find_element(By.CSS_SELECTOR, f"a[data-user-id='{user}']").get_attribute("class"),
          "the ring turning grey without a reload")
    assert count(d, "trayRefreshed") > 0


CHECKS = [check_tray_tap_and_the_timer, check_the_timer_waits_for_the_picture, check_hold_pauses_and_taps_move, check_swipes_between_people_and_down_to_close,
          check_a_video_plays_and_its_bar_follows, check_seen_reaches_the_store,
          check_the_outbox_delivers_after_the_server_returns, check_pages_without_javascript,
          check_a_hostile_document, check_parity_with_the_terminal, check_the_host_and_pairing_over_sockets,
          check_back_after_closing, check_the_viewer_goes_on_into_page_two,
          check_offline_between_people_stays_in_the_page,
          check_controls_are_icons_of_44_pixels_and_the_stage_follows_the_finger,
          check_light_theme_has_no_band_of_another_colour, check_the_open_tray_shows_what_the_terminal_watched]


class Context:
    pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stories", required=True)
    parser.add_argument("--only")
    arguments = parser.parse_args()
    root = tempfile.mkdtemp(prefix="stories-web-")
    ctx = Context()
    ctx.stories = arguments.stories
    ctx.root = root
    homes = {name: os.path.join(root, name) for name in ("bundled", "hostile", "parity", "held")}
    for home in homes.values():
        os.makedirs(home)
    document = os.path.join(root, "hostile.json")
    with open(document, "w") as f:
        json.dump({"data": [{"id": "evil", "user": {"username": "<img src=x onerror=alert(1)> Mallory</script>"},
                             "snap_count": 2, "snaps": [
                                 {"media_type": "image", "media_url": "http://127.0.0.1:9/a.jpg",
                                  "created_at": "2025-06-03T09:00:00Z",
                                  "caption": "<script>alert('caption')</script> \"quoted\" & <b>bold</b>"},
                                 {"media_type": "image", "media_url": "http://127.0.0.1:9/b.jpg",
                                  "link": "https://example.com/\"><script>alert(2)</script>"}]}]}, f)
    # Long items: a busy machine's slow step never lets the timer move on by itself.
    ctx.bundled = Server(ctx.stories, homes["bundled"], ["--source", "bundled", "--set", "viewer.imageDuration=20s"]).start()
    ctx.hostile = Server(ctx.stories, homes["hostile"], ["--source", "file", "--stories-file", document,
                                                         "--store", "memory"]).start()
    ctx.parity = Server(ctx.stories, homes["parity"], ["--source", "bundled", "--store", "memory",
                                                       "--set", "viewer.imageDuration=60s"]).start()
    samples = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Packages", "StoryModels",
                           "Sources", "StoryModels", "Resources", "samples")
    pictures = os.path.join(root, "pictures")
    os.makedirs(pictures)
    for index, name in enumerate(["rocket-portrait.jpg", "hopper-portrait.jpg", "hubble-portrait.jpg"]):
        shutil.copy(os.path.join(samples, name), os.path.join(pictures, f"{index}.jpg"))
    ctx.pictures = HeldPictures(pictures)
    held = os.path.join(root, "held.json")
    with open(held, "w") as f:
        json.dump({"data": [{"id": "held", "user": {"username": "held"}, "snap_count": 3, "snaps": [
            {"media_type": "image", "media_url": f"{ctx.pictures.url}/{index}.jpg",
             "created_at": "2025-06-03T09:00:00Z"} for index in range(3)]}]}, f)
    ctx.held = Server(ctx.stories, homes["held"], ["--source", "file", "--stories-file", held, "--store", "memory",
                                                   "--set", "viewer.imageDuration=20s",
                                                   "--set", "network.timeout=600s"]).start()
    ctx.driver = browser()
    failures = ran = 0
    try:
        for check in CHECKS:
            if arguments.only and arguments.only not in check.__name__:
                continue
            ran += 1
            started = time.time()
            try:
                check(ctx)
                print(f"ok   {check.__name__} ({time.time() - started:.1f}s)", flush=True)
            except Exception:
                failures += 1
                print(f"FAIL {check.__name__}\n{traceback.format_exc()}", flush=True)
                ctx.driver.save_screenshot(os.path.join(root, check.__name__ + ".png"))
                print(f"     screenshot: {os.path.join(root, check.__name__ + '.png')}", flush=True)
    finally:
        ctx.driver.quit()
        for server in (ctx.bundled, ctx.hostile, ctx.parity, ctx.held):
            server.stop()
        ctx.pictures.stop()
    print(f"web viewer in chromium: {ran - failures} passed, {failures} failed")
    if failures == 0:
        shutil.rmtree(root, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
