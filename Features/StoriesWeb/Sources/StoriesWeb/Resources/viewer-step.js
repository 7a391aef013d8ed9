// The web viewer's logic as one pure function, step(state, event) → { state, effects }: no DOM,
// no clock, no storage, no network. Events say what happened (a frame's time, a press, a key,
// media that loaded); effects say what the page does (show, load, progress, send, close). Every
// rule — the hold, the tap zones, the swipes, the keys, the timings — comes from `rules`, the
// page's `viewer` block, written from the packages the terminal uses; every URL from `routes`.
// Tested by `node --test` (Tests/Web); stories.js is the DOM around it.

/** The parameters of `template` ("/u/{user}/{item}") in `url`, still escaped; null when it is not that shape. */
export function match(template, url) {
  const [path, query] = template.split('?');
  const [givenPath, givenQuery = ''] = url.split('?');
  const want = path.split('/'), have = givenPath.split('/');
  if (want.length !== have.length) return null;
  const values = {};
  for (let i = 0; i < want.length; i++) {
    const name = /^\{(\w+)\}$/.exec(want[i]);
    if (name) { if (!have[i]) return null; values[name[1]] = have[i]; }
    else if (want[i] !== have[i]) return null;
  }
  if (query) {
    for (const pair of givenQuery.split('&').filter(Boolean)) {
      const [key, value = ''] = pair.split('=');
      values[key] = value;
    }
  }
  return values;
}

/** `template` filled with `values` (already escaped segments, as the server printed them); a query whose value is absent left out. */
export function fill(template, values) {
  const [path, query] = template.split('?');
  const filled = path.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? '');
  if (!query) return filled;
  const pairs = query.split('&').map((pair) => {
    const [key, value] = pair.split('=');
    const name = /^\{(\w+)\}$/.exec(value);
    return name ? (values[name[1]] !== undefined && values[name[1]] !== '' ? `${key}=${values[name[1]]}` : null) : pair;
  }).filter(Boolean);
  return pairs.length ? `${filled}?${pairs.join('&')}` : filled;
}

/** The viewer's state at its opening. */
export function initial(story, rules, routes, prefs = {}) {
  return {
    story, rules, routes, index: story.start, elapsed: 0, token: 0,
    ready: false, failed: false, paused: false, held: false, hidden: false, buffering: false,
    reader: Boolean(prefs.reader), sound: Boolean(prefs.sound), press: null, pending: null, closed: false, done: false,
  };
}

const item = (s) => s.story.items[s.index];
/** Whether the item's clock runs (the page asks for frames only then). */
export const running = (s) => s.ready && !s.failed && !s.paused && !s.held && !s.hidden && !s.buffering && !s.closed && !s.done;

/** One event → the next state and what to do. */
export function step(state, event) {
  const s = { ...state };
  const effects = [];
  const out = (type, fields = {}) => effects.push({ type, ...fields });
  const emit = (name, fields = {}) => out('emit', { event: name, fields });

  function show(index) {
    s.index = index; s.elapsed = 0; s.pending = null;
    const it = item(s);
    out('show', { item: it, index, count: s.story.items.length, user: s.story.user });
    emit('itemShown', { user: s.story.user.id, item: it.id, index, count: s.story.items.length });
    out('progress', { index, fraction: 0 });
    load();
    out('label', { state: s });
  }
  function load() {
    s.token += 1; s.ready = false; s.failed = false; s.buffering = false; s.done = false;
    out('problem', { reason: null });
    out('load', { item: item(s), token: s.token, sound: s.sound });
    out('timer', { name: 'spinner', ms: s.rules.spinnerDelayMs, token: s.token });
    out('timer', { name: 'deadline', ms: s.rules.loadDeadlineMs, token: s.token });
  }
  function fail(reason) {
    if (s.failed) return;
    s.failed = true; s.ready = false;
    out('spinner', { on: false });
    emit('mediaFailed', { item: s.pending ? s.pending : item(s).id, reason });
    out('problem', { reason });
  }
  function move(name) {
    if (s.paused) { s.paused = false; emit('resumed'); }
    const target = item(s).moves[name];
    if (!target || target === '/') return close();
    const at = s.story.items.findIndex((it) => it.url === target);
    if (at >= 0) return show(at);
    goTo(target);
  }
  function goTo(target) {
    const params = match(s.routes.item, target);
    if (!params) return close();
    s.pending = target; s.token += 1;
    out('flushSeen');
    out('video', { play: false });
    out('fetchUser', { url: fill(s.routes.apiUser, params), target, token: s.token });
  }
  function close() {
    s.closed = true; s.token += 1;
    out('video', { play: false });
    out('flushSeen');
    emit('closed');
    out('close');
  }
  function pause() {
    if (s.paused) return;
    s.paused = true; emit('paused'); out('video', { play: false }); out('label', { state: s });
  }
  function resume() {
    if (!s.paused) return;
    s.paused = false; emit('resumed');
    if (s.ready && item(s).type === 'video') out('video', { play: true });
    out('label', { state: s });
  }
  function act(action) {
    switch (action) {
      case 'next': case 'previous': case 'nextUser': case 'previousUser': return move(action);
      case 'pauseOrResume': return s.paused ? resume() : pause();
      case 'like': {
        const it = { ...item(s), liked: !item(s).liked };
        s.story = { ...s.story, items: s.story.items.map((other, i) => (i === s.index ? it : other)) };
        const params = match(s.routes.item, it.url) || {};
        out('send', { method: it.liked ? 'PUT' : 'DELETE', url: fill(s.routes.apiLike, params) });
        emit(it.liked ? 'liked' : 'unliked', { item: it.id });
        return out('label', { state: s });
      }
      case 'mute': {
        const user = { ...s.story.user, muted: !s.story.user.muted };
        s.story = { ...s.story, user };
        const params = match(s.routes.item, item(s).url) || {};
        out('send', { method: user.muted ? 'PUT' : 'DELETE', url: fill(s.routes.apiMute, params) });
        emit(user.muted ? 'muted' : 'unmuted', { user: user.id });
        return out('label', { state: s });
      }
      case 'retry':
        if (s.pending) { emit('retrying', { item: s.pending }); return goTo(s.pending); }
        if (s.failed) { emit('retrying', { item: item(s).id }); return load(); }
        return;
      case 'skip':
        if (s.pending) { const target = s.pending; s.pending = null; s.failed = false; out('problem', { reason: null }); return goTo(target); }
        return move('next');
      case 'copyLink': return out('copy', { path: item(s).url });
      case 'close': return close();
      case 'sound':
        s.sound = !s.sound; out('store', { key: 'stories.sound', value: s.sound });
        out('mute', { muted: !s.sound }); return out('label', { state: s });
      case 'reader':
        s.reader = !s.reader; out('store', { key: 'stories.reader', value: s.reader }); return out('label', { state: s });
      default:
    }
  }

  if (s.closed && event.type !== 'userLoaded') return { state: s, effects };
  switch (event.type) {
    case 'open':
      out('bars', { count: s.story.items.length });
      show(s.index);
      break;
    case 'frame': {
      if (!running(s)) break;
      s.elapsed += event.dt;
      const it = item(s);
      if (it.type === 'video') {
        const length = event.videoDuration > 0 ? event.videoDuration : it.duration / 1000;
        out('progress', { index: s.index, fraction: Math.min(1, (event.videoTime || 0) / length) });
      } else if (s.elapsed >= it.duration) {
        if (s.story.autoAdvance && !s.reader) move('next');
        else { out('progress', { index: s.index, fraction: 1 }); s.done = true; }
      } else {
        out('progress', { index: s.index, fraction: s.elapsed / it.duration });
      }
      break;
    }
    case 'ready': {
      if (event.token !== s.token || s.ready || s.failed) break;
      s.ready = true; s.buffering = false;
      out('spinner', { on: false });
      const it = item(s);
      emit('itemSeen', { user: s.story.user.id, item: it.id, index: s.index });
      if (!it.seen) {
        s.story = { ...s.story, items: s.story.items.map((other, i) => (i === s.index ? { ...other, seen: true } : other)) };
        out('seen', { user: s.story.user.id, item: it.id });
      }
      if (it.type === 'video') emit('playbackStarted', { item: it.id });
      const next = s.story.items[s.index + 1];
      out('preload', { pictures: [next && (next.type === 'video' ? { src: next.poster } : next), s.story.preload && { src: s.story.preload }].filter((p) => p && p.src) });
      if (s.paused || s.hidden || s.held) out('video', { play: false });
      break;
    }
    case 'failed':
      if (event.token === s.token) fail(event.reason);
      break;
    case 'buffering':
      if (event.token === s.token) s.buffering = event.on;
      break;
    case 'ended':
      if (event.token === s.token && s.ready) {
        out('progress', { index: s.index, fraction: 1 });
        if (s.story.autoAdvance && !s.reader) move('next');
      }
      break;
    case 'timeout':
      if (event.token !== s.token) break;
      if (event.name === 'spinner' && !s.ready && !s.failed) out('spinner', { on: true });
      if (event.name === 'deadline' && !s.ready && !s.failed) fail(`it took longer than ${Math.round(s.rules.loadDeadlineMs / 1000)} seconds to load`);
      if (event.name === 'hold' && s.press && !s.press.moved && !s.held) {
        s.held = true; emit('paused'); out('video', { play: false }); out('label', { state: s });
      }
      break;
    case 'visibility':
      s.hidden = event.hidden;
      if (s.ready && !s.paused && !s.held && item(s).type === 'video') out('video', { play: !s.hidden });
      break;
    case 'press':
      s.press = { x: event.x, y: event.y, moved: false, at: event.at };
      out('timer', { name: 'hold', ms: s.rules.holdMs, token: s.token });
      break;
    case 'drag': {
      if (!s.press) break;
      const dx = event.x - s.press.x, dy = event.y - s.press.y;
      if (!s.press.moved && Math.hypot(dx, dy) > s.rules.tapSlop) s.press = { ...s.press, moved: true };
      if (s.press.moved) out('follow', { dx: Math.abs(dx) > Math.abs(dy) ? dx : 0, dy: Math.abs(dy) >= Math.abs(dx) ? Math.max(0, dy) : 0 });
      break;
    }
    case 'release': {
      const press = s.press;
      s.press = null;
      if (!press) break;
      const dx = event.x - press.x, dy = event.y - press.y;
      const { swipeDistance, closeDistance, tapSlop, backZone } = s.rules;
      const sideways = !event.cancelled && Math.abs(dx) > swipeDistance && Math.abs(dx) > Math.abs(dy);
      const down = !event.cancelled && dy > closeDistance && dy > Math.abs(dx);
      const wasHeld = s.held;
      // A finger up sooner than a hold after it went down (by the events' own times) is a tap,
      // even when a busy page ran the hold's timer first.
      const quick = typeof press.at === 'number' && typeof event.at === 'number' && event.at - press.at < s.rules.holdMs;
      if (wasHeld) {
        // A hold ends: the clock runs again; a hold that ended in a swipe is still the swipe.
        s.held = false; emit('resumed');
        if (s.ready && item(s).type === 'video') out('video', { play: true });
        out('label', { state: s });
      }
      if (sideways) {
        out('follow', { dx: 0, dy: 0, settle: true, away: dx < 0 ? 'left' : 'right' });
        move(dx < 0 ? 'nextUser' : 'previousUser');
      } else if (down) {
        out('follow', { dx: 0, dy: 0, settle: true, away: 'down' });
        close();
      } else if ((!wasHeld || quick) && !event.cancelled && Math.abs(dx) <= tapSlop && Math.abs(dy) <= tapSlop) {
        move((event.x - event.left) < event.width * backZone ? 'previous' : 'next');
      } else {
        out('follow', { dx: 0, dy: 0, settle: true });
      }
      break;
    }
    case 'key': {
      const name = (event.shift && event.key.startsWith('Arrow') ? 'Shift+' : '') + event.key;
      const action = s.rules.keys[name];
      if (!action) break;
      out('handled');
      act(action);
      break;
    }
    case 'action':
      act(event.action);
      break;
    case 'userLoaded': {
      if (event.token !== s.token) break;
      const from = s.story.user.id;
      s.story = event.story; s.closed = false; s.index = event.story.start; s.pending = null;
      emit('userChanged', { from, to: s.story.user.id });
      out('bars', { count: s.story.items.length });
      show(s.index);
      break;
    }
    case 'userFailed':
      if (event.token !== s.token) break;
      s.failed = true;
      emit('mediaFailed', { item: s.pending, reason: event.reason });
      out('problem', { reason: event.reason });
      break;
    default:
  }
  return { state: s, effects };
}
