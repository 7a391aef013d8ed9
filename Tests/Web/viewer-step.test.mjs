// The web viewer's logic (viewer-step.js), driven by events alone: no DOM, no clock. Run by
// Scripts/test as `node --test Tests/Web` (Node 20, no npm). rules.json is the page's
// `stories-rules` block; StoriesWebTests checks it is the server's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initial, step, running, match, fill } from '../../Features/StoriesWeb/Sources/StoriesWeb/Resources/viewer-step.js';

const { viewer: rules, routes } = JSON.parse(readFileSync(new URL('./rules.json', import.meta.url)));

function item(user, id, index, extra = {}) {
  return {
    id, index, type: 'image', src: `/media/item/${user}/${id}/t.img`, duration: 5000, liked: false, seen: false,
    url: `/u/${user}/${id}`, moves: {}, ...extra,
  };
}
// Ada has three pictures; after her comes "eve/.." (escaped as the server prints it), then the end.
function story() {
  const items = [item('ada', 'a0', 0), item('ada', 'a1', 1), item('ada', 'a2', 2)];
  items.forEach((it, i) => {
    it.moves = {
      next: i < 2 ? `/u/ada/a${i + 1}` : '/u/eve%2F%2E%2E/e0', previous: i > 0 ? `/u/ada/a${i - 1}` : '/',
      nextUser: '/u/eve%2F%2E%2E/e0', previousUser: '/',
    };
  });
  return { user: { id: 'ada', name: 'Ada', muted: false }, items, start: 0, autoAdvance: true, preload: '/media/item/eve/e0/t.img' };
}
function run(state, ...events) {
  let effects = [];
  for (const event of events) {
    const result = step(state, event);
    state = result.state;
    effects = effects.concat(result.effects);
  }
  return { state, effects };
}
const of = (effects, type) => effects.filter((e) => e.type === type);
const emitted = (effects) => of(effects, 'emit').map((e) => e.event);
const opened = () => run(initial(story(), rules, routes), { type: 'open' });
const ready = (s) => run(s, { type: 'ready', token: s.token });

test('routes print and parse: a template filled with the segments another matched', () => {
  const params = match(routes.item, '/u/eve%2F%2E%2E/e%3F0');
  assert.deepEqual(params, { user: 'eve%2F%2E%2E', item: 'e%3F0' });
  assert.equal(fill(routes.apiUser, params), '/api/users/eve%2F%2E%2E?item=e%3F0');
  assert.equal(fill(routes.apiLike, params), '/api/likes/e%3F0');
  assert.equal(fill(routes.tray, {}), '/');
  assert.equal(fill(routes.apiTray, { page: '2' }), '/api/tray?page=2');
  assert.equal(match(routes.item, '/u/ada'), null);
  assert.equal(match(routes.item, '/x/ada/a0'), null);
  assert.equal(match(routes.item, '/u//a0'), null);
});

test('opening shows the start item and loads it; the clock waits for the picture', () => {
  const { state, effects } = opened();
  assert.deepEqual(of(effects, 'bars'), [{ type: 'bars', count: 3 }]);
  assert.equal(of(effects, 'show')[0].item.id, 'a0');
  assert.equal(of(effects, 'load')[0].token, state.token);
  assert.deepEqual(emitted(effects), ['itemShown']);
  assert.equal(running(state), false, 'no picture yet: no clock');
  const after = run(state, { type: 'frame', dt: 10000 });
  assert.equal(of(after.effects, 'show').length, 0, 'frames before the picture move nothing');
});

test('a picture on screen counts as seen once, preloads the next, and its time moves on', () => {
  const first = ready(opened().state);
  assert.deepEqual(of(first.effects, 'seen'), [{ type: 'seen', user: 'ada', item: 'a0' }]);
  assert.deepEqual(emitted(first.effects), ['itemSeen']);
  assert.deepEqual(of(first.effects, 'preload')[0].pictures.map((p) => p.src), ['/media/item/ada/a1/t.img', '/media/item/eve/e0/t.img']);
  assert.equal(running(first.state), true);
  const half = run(first.state, { type: 'frame', dt: 2500 });
  assert.deepEqual(of(half.effects, 'progress'), [{ type: 'progress', index: 0, fraction: 0.5 }]);
  const done = run(half.state, { type: 'frame', dt: 2500 });
  assert.equal(of(done.effects, 'show')[0].item.id, 'a1');
  const again = run(run(done.state, { type: 'action', action: 'previous' }).state, { type: 'ready', token: 0 });
  assert.equal(of(again.effects, 'seen').length, 0, 'a stale token changes nothing');
});

test('reader mode never moves on by itself, and its clock stops at the end', () => {
  const s = initial(story(), rules, routes, { reader: true });
  const shown = ready(run(s, { type: 'open' }).state).state;
  const end = run(shown, { type: 'frame', dt: 6000 });
  assert.equal(of(end.effects, 'show').length, 0);
  assert.deepEqual(of(end.effects, 'progress'), [{ type: 'progress', index: 0, fraction: 1 }]);
  assert.equal(running(end.state), false, 'no frames asked for once the bar is full');
});

test('a tap in the back zone goes back, elsewhere on; the zone is the rules\'', () => {
  const s = ready(run(opened().state, { type: 'action', action: 'next' }).state).state;
  const tap = (x) => run(s, { type: 'press', x, y: 100 }, { type: 'release', x, y: 100, left: 0, width: 300 });
  assert.equal(of(tap(300 * rules.backZone - 1).effects, 'show')[0].item.id, 'a0');
  assert.equal(of(tap(300 * rules.backZone + 1).effects, 'show')[0].item.id, 'a2');
  const back = tap(10);
  assert.equal(of(run(back.state, { type: 'press', x: 10, y: 1 }, { type: 'release', x: 10, y: 1, left: 0, width: 300 }).effects, 'close').length, 1,
    'back from the first item of the first user closes');
});

test('a hold pauses from the rules\' threshold and its release resumes without moving', () => {
  const s = ready(opened().state).state;
  const pressed = run(s, { type: 'press', x: 200, y: 200 });
  assert.deepEqual(of(pressed.effects, 'timer'), [{ type: 'timer', name: 'hold', ms: rules.holdMs, token: s.token }]);
  const held = run(pressed.state, { type: 'timeout', name: 'hold', token: s.token });
  assert.equal(held.state.held, true);
  assert.deepEqual(emitted(held.effects), ['paused']);
  assert.equal(running(held.state), false);
  const released = run(held.state, { type: 'release', x: 200, y: 200, left: 0, width: 300 });
  assert.deepEqual(emitted(released.effects), ['resumed']);
  assert.equal(of(released.effects, 'show').length, 0);
  const moved = run(pressed.state, { type: 'drag', x: 200 + rules.tapSlop + 5, y: 200 }, { type: 'timeout', name: 'hold', token: s.token });
  assert.equal(moved.state.held, false, 'a finger that moved is no hold');
});

test('a finger that rests past the hold threshold and then swipes still swipes (a slow phone)', () => {
  const s = ready(opened().state).state;
  const held = run(s, { type: 'press', x: 200, y: 100 }, { type: 'timeout', name: 'hold', token: s.token });
  assert.equal(held.state.held, true);
  const down = run(held.state, { type: 'drag', x: 200, y: 150 }, { type: 'release', x: 200, y: 100 + rules.closeDistance + 5, left: 0, width: 390 });
  assert.deepEqual(emitted(down.effects), ['resumed', 'closed']);
  assert.equal(of(down.effects, 'close').length, 1);
  const sideways = run(held.state, { type: 'release', x: 200 - rules.swipeDistance - 5, y: 100, left: 0, width: 390 });
  assert.equal(of(sideways.effects, 'fetchUser').length, 1);
  const still = run(held.state, { type: 'release', x: 201, y: 101, left: 0, width: 390 });
  assert.deepEqual(emitted(still.effects), ['resumed']);
  assert.equal(of(still.effects, 'show').length, 0, 'a hold let go where it was is no tap');
});

test('a tap whose own times are quicker than a hold is a tap, even when a busy page ran the hold timer first', () => {
  const s = ready(opened().state).state;
  const early = run(s, { type: 'press', x: 300, y: 300, at: 1000 }, { type: 'timeout', name: 'hold', token: s.token });
  assert.equal(early.state.held, true, 'the timer fired before the finger-up was handled');
  const tapped = run(early.state, { type: 'release', x: 300, y: 300, left: 0, width: 390, at: 1000 + rules.holdMs - 250 });
  assert.deepEqual(emitted(tapped.effects).slice(0, 1), ['resumed']);
  assert.equal(of(tapped.effects, 'show').length, 1, 'the tap on the right went on');
  const rested = run(early.state, { type: 'release', x: 300, y: 300, left: 0, width: 390, at: 1000 + rules.holdMs + 1 });
  assert.equal(of(rested.effects, 'show').length, 0, 'a finger that rested a hold is a hold');
});

test('swipes: sideways to the next person through the API the routes name, down to close; the stage follows', () => {
  const s = ready(opened().state).state;
  const left = run(s, { type: 'press', x: 300, y: 300 }, { type: 'drag', x: 200, y: 305 }, { type: 'release', x: 200, y: 305, left: 0, width: 390 });
  assert.ok(of(left.effects, 'follow').some((f) => f.dx === -100), 'the stage follows the finger');
  assert.deepEqual(of(left.effects, 'fetchUser').map((f) => f.url), ['/api/users/eve%2F%2E%2E?item=e0']);
  assert.equal(of(left.effects, 'flushSeen').length, 1);
  const down = run(s, { type: 'press', x: 200, y: 100 }, { type: 'release', x: 200, y: 100 + rules.closeDistance + 1, left: 0, width: 390 });
  assert.equal(of(down.effects, 'close').length, 1);
  assert.deepEqual(emitted(down.effects), ['closed']);
  const short = run(s, { type: 'press', x: 200, y: 100 }, { type: 'release', x: 200 - rules.swipeDistance + 1, y: 100, left: 0, width: 390 });
  assert.equal(of(short.effects, 'fetchUser').length + of(short.effects, 'show').length, 0, 'short of a swipe: nothing');
});

test('keys come from the rules\' table; an unknown key does nothing', () => {
  const s = ready(opened().state).state;
  assert.equal(of(run(s, { type: 'key', key: 'ArrowRight', shift: false }).effects, 'show')[0].item.id, 'a1');
  assert.equal(of(run(s, { type: 'key', key: 'ArrowRight', shift: true }).effects, 'fetchUser').length, 1);
  assert.equal(of(run(s, { type: 'key', key: 'Escape' }).effects, 'close').length, 1);
  const paused = run(s, { type: 'key', key: ' ' });
  assert.equal(paused.state.paused, true);
  assert.equal(of(paused.effects, 'handled').length, 1);
  const unknown = run(s, { type: 'key', key: 'z' });
  assert.deepEqual(unknown.effects, []);
  for (const [key, action] of Object.entries(rules.keys)) assert.ok(['next', 'previous', 'nextUser', 'previousUser', 'pauseOrResume', 'like', 'mute', 'retry', 'copyLink', 'close'].includes(action), key);
});

test('like and mute write through the API the routes name, with the server\'s own segments', () => {
  const s = ready(opened().state).state;
  const liked = run(s, { type: 'action', action: 'like' });
  assert.deepEqual(of(liked.effects, 'send'), [{ type: 'send', method: 'PUT', url: '/api/likes/a0' }]);
  assert.equal(liked.state.story.items[0].liked, true);
  const unliked = run(liked.state, { type: 'key', key: 'l' });
  assert.deepEqual(of(unliked.effects, 'send'), [{ type: 'send', method: 'DELETE', url: '/api/likes/a0' }]);
  const muted = run(s, { type: 'action', action: 'mute' });
  assert.deepEqual(of(muted.effects, 'send'), [{ type: 'send', method: 'PUT', url: '/api/mutes/ada' }]);
});

test('a failure stays in the page: the next person unreachable offers Retry and Skip', () => {
  const s = ready(opened().state).state;
  const going = run(s, { type: 'action', action: 'nextUser' });
  const token = going.state.token;
  const failed = run(going.state, { type: 'userFailed', token, reason: 'no connection to the server' });
  assert.deepEqual(of(failed.effects, 'problem'), [{ type: 'problem', reason: 'no connection to the server' }]);
  assert.equal(of(failed.effects, 'close').length, 0);
  const retried = run(failed.state, { type: 'action', action: 'retry' });
  assert.deepEqual(of(retried.effects, 'fetchUser').map((f) => f.url), ['/api/users/eve%2F%2E%2E?item=e0']);
  const eve = { user: { id: 'eve/..', name: 'Eve', muted: false }, items: [item('eve%2F%2E%2E', 'e0', 0)], start: 0, autoAdvance: true };
  const arrived = run(retried.state, { type: 'userLoaded', story: eve, token: retried.state.token });
  assert.deepEqual(emitted(arrived.effects).slice(0, 2), ['userChanged', 'itemShown']);
  assert.equal(arrived.state.story.user.id, 'eve/..');
  const late = run(arrived.state, { type: 'userLoaded', story: story(), token: token });
  assert.equal(late.state.story.user.id, 'eve/..', 'an answer to an older move is ignored');
});

test('a picture that never loads fails at the rules\' deadline, and Retry loads it again', () => {
  const s = opened().state;
  const spin = run(s, { type: 'timeout', name: 'spinner', token: s.token });
  assert.deepEqual(of(spin.effects, 'spinner'), [{ type: 'spinner', on: true }]);
  const late = run(spin.state, { type: 'timeout', name: 'deadline', token: s.token });
  assert.equal(late.state.failed, true);
  assert.match(of(late.effects, 'problem')[0].reason, new RegExp(`${rules.loadDeadlineMs / 1000} seconds`));
  const retry = run(late.state, { type: 'key', key: 'r' });
  assert.equal(of(retry.effects, 'load').length, 1);
  assert.equal(retry.state.failed, false);
});

test('a video\'s bar follows its playback, and its end moves on', () => {
  const st = story();
  st.items[0] = { ...st.items[0], type: 'video', poster: '/p.img', duration: 4000 };
  const s = ready(run(initial(st, rules, routes), { type: 'open' }).state).state;
  const half = run(s, { type: 'frame', dt: 16, videoTime: 3, videoDuration: 6 });
  assert.deepEqual(of(half.effects, 'progress'), [{ type: 'progress', index: 0, fraction: 0.5 }]);
  const ended = run(s, { type: 'ended', token: s.token });
  assert.equal(of(ended.effects, 'show')[0].item.id, 'a1');
});
