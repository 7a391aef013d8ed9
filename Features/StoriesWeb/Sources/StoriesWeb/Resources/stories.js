// Stories' web viewer: the DOM around viewer-step.js (which holds the viewer's logic) — the
// media elements, the timers and frames it asks for, the outbox that survives a lost
// connection, the tray's live rings and the gallery's next pages. The rules and the URL shapes
// come from the page's `stories-rules` block; nothing here decides a move. The step module is
// imported by the viewer alone (a tray page on a slow network does not wait for it).

const { viewer: rules, routes } = JSON.parse(document.getElementById('stories-rules')?.textContent || '{"viewer":{},"routes":{}}');

// Events go to window.storiesEvents, kept for the tab's life across pages in sessionStorage
// (the browser tests read them; the terminal's --json names them).
const events = (window.storiesEvents = (() => { try { return JSON.parse(sessionStorage.getItem('stories.events')) || []; } catch { return []; } })());
const emit = (event, fields = {}) => {
  events.push({ event, ...fields });
  try { sessionStorage.setItem('stories.events', JSON.stringify(events.slice(-500))); } catch { /* kept in memory */ }
};
const store = {
  get(key, fallback) { try { const v = localStorage.getItem(key); return v === null ? fallback : JSON.parse(v); } catch { return fallback; } },
  set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: kept in memory only */ } },
};

// The outbox: every write waits here until the server has it (a lost connection loses nothing).
const OUTBOX = 'stories.outbox';
let sending = false, retryTimer = 0;
async function flush() {
  if (sending) return;
  sending = true;
  try {
    for (let list = store.get(OUTBOX, []); list.length; list = store.get(OUTBOX, [])) {
      const write = list[0];
      let answer;
      try {
        answer = await fetch(write.url, { method: write.method, credentials: 'same-origin', keepalive: true,
          headers: write.body ? { 'content-type': 'application/json' } : {},
          body: write.body ? JSON.stringify(write.body) : undefined });
      } catch { answer = null; }
      if (!answer || answer.status >= 500) { clearTimeout(retryTimer); retryTimer = setTimeout(flush, 5000); break; }
      store.set(OUTBOX, store.get(OUTBOX, []).slice(1));
      emit(answer.ok ? 'delivered' : 'refused', { url: write.url, status: answer.status });
    }
  } finally { sending = false; }
}
function send(method, url, body) {
  store.set(OUTBOX, [...store.get(OUTBOX, []), { method, url, body }]);
  flush();
}
addEventListener('online', flush);
if (store.get(OUTBOX, []).length) flush();

// Seen marks, batched: one write a second at most, and whatever is left when the page goes.
// One batch a user: the server finds the items in that user's story alone.
let seenBatch = {}, seenTimer = 0;
function markSeen(user, id) {
  (seenBatch[user] = seenBatch[user] || []).push(id);
  if (!seenTimer) seenTimer = setTimeout(sendSeen, 1000);
}
function sendSeen() {
  clearTimeout(seenTimer); seenTimer = 0;
  for (const [user, items] of Object.entries(seenBatch)) send('POST', routes.apiSeen, { user, items });
  seenBatch = {};
}
addEventListener('pagehide', sendSeen);

// Changes made elsewhere (the terminal, another phone): the server says so on /events.
function onChange(refresh) {
  if (!window.EventSource || !routes.events) return;
  const source = new EventSource(routes.events);
  source.addEventListener('changed', refresh);
  addEventListener('pagehide', () => source.close());
}

const el = (tag, cls) => { const e = document.createElement(tag); if (cls) e.className = cls; return e; };
const ICONS = {
  pause: 'M7 5h3v14H7zM14 5h3v14h-3z', play: 'M8 5v14l11-7z',
  soundOn: 'M4 9v6h4l5 4V5L8 9zm12 .5a4 4 0 0 1 0 5M18.5 7a7.5 7.5 0 0 1 0 10',
  soundOff: 'M4 9v6h4l5 4V5L8 9zm12 1 4 4m0-4-4 4',
  reader: 'M4 5h7v14H4zM13 5h7v14h-7z',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  mute: 'M6 8a6 6 0 0 1 12 0v5l2 3H4l2-3zM10 19a2 2 0 0 0 4 0M3 3l18 18',
  close: 'M6 6l12 12M18 6 6 18',
};
function icon(name, filled) {
  return `<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><path d="${ICONS[name]}" fill="${filled ? 'currentColor' : 'none'}" stroke="currentColor" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/></svg>`;
}
function setButton(b, name, text, pressed, filled = false) {
  b.innerHTML = icon(name, filled);
  b.setAttribute('aria-label', text);
  b.title = text;
  if (pressed !== undefined) b.setAttribute('aria-pressed', String(pressed));
}

const viewerRoot = document.querySelector('[data-viewer]');
if (viewerRoot) startViewer(viewerRoot);
const trayRoot = document.querySelector('[data-tray]');
if (trayRoot) startTray(trayRoot);
const galleryRoot = document.querySelector('[data-gallery]');
if (galleryRoot) startGallery(galleryRoot);

async function startViewer(root) {
  document.documentElement.classList.add('js');
  const { initial, running, step, fill, match } = await import('./viewer-step.js');
  // Opened by a tap in the tray (closing goes back there), or by a link from elsewhere.
  let openedFromTray = false;
  try { openedFromTray = sessionStorage.getItem('stories.opened') === '1'; sessionStorage.removeItem('stories.opened'); } catch { /* a link */ }
  const stage = root.querySelector('.stage'), bars = root.querySelector('.bars'), status = root.querySelector('.status');
  const chrome = root.querySelector('.chrome'), who = root.querySelector('.who');
  const backdrop = el('img', 'backdrop'), img = el('img', 'media'), video = el('video', 'media');
  backdrop.alt = ''; backdrop.setAttribute('aria-hidden', 'true');
  video.playsInline = true; video.muted = true; video.preload = 'auto';
  video.setAttribute('playsinline', ''); video.setAttribute('muted', '');
  const spinner = el('div', 'spinner'); spinner.hidden = true; spinner.setAttribute('role', 'progressbar'); spinner.setAttribute('aria-label', 'Loading');
  const problem = el('div', 'problem'); problem.hidden = true;
  stage.replaceChildren(backdrop, img, video, spinner, problem);
  const likeForm = root.querySelector('form.like'), muteForm = root.querySelector('form.mute');
  const tools = el('div', 'tools');
  const button = (cls, action) => { const b = el('button', cls); b.type = 'button'; b.addEventListener('click', (e) => { e.stopPropagation(); dispatch({ type: 'action', action }); }); tools.append(b); return b; };
  const likeButton = likeForm.querySelector('button'), muteButton = muteForm.querySelector('button');
  const pauseButton = button('pause', 'pauseOrResume'), soundButton = button('sound', 'sound'), readerButton = button('reader', 'reader');
  tools.prepend(likeForm); tools.append(muteForm);
  chrome.append(tools);
  const closeLink = who.querySelector('.close');
  setButton(closeLink, 'close', 'Close');
  closeLink.addEventListener('click', (e) => { e.preventDefault(); dispatch({ type: 'action', action: 'close' }); });
  likeForm.addEventListener('submit', (e) => { e.preventDefault(); dispatch({ type: 'action', action: 'like' }); });
  muteForm.addEventListener('submit', (e) => { e.preventDefault(); dispatch({ type: 'action', action: 'mute' }); });
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  const timers = {};
  const kept = [];
  let state = initial(JSON.parse(document.getElementById('story-data').textContent), rules, routes,
    { sound: store.get('stories.sound', false), reader: store.get('stories.reader', false) });
  let frame = 0, last = 0, handled = false;

  function dispatch(event) {
    const result = step(state, event);
    state = result.state;
    for (const effect of result.effects) perform(effect);
    clock();
  }
  function clock() {
    if (running(state) && !frame) {
      last = performance.now();
      const tick = (now) => {
        frame = 0;
        const dt = now - last; last = now;
        dispatch({ type: 'frame', dt, videoTime: video.currentTime, videoDuration: Number.isFinite(video.duration) ? video.duration : 0 });
      };
      frame = requestAnimationFrame(tick);
    } else if (!running(state) && frame) {
      cancelAnimationFrame(frame); frame = 0;
    }
  }
  function perform(effect) {
    switch (effect.type) {
      case 'emit': return emit(effect.event, effect.fields);
      case 'bars':
        return bars.replaceChildren(...Array.from({ length: effect.count }, (_, i) => {
          const s = el('div', 'seg'); s.append(el('i'));
          s.setAttribute('role', 'progressbar'); s.setAttribute('aria-label', `Item ${i + 1} of ${effect.count}`);
          s.setAttribute('aria-valuemin', '0'); s.setAttribute('aria-valuemax', '100');
          return s;
        }));
      case 'progress':
        return [...bars.children].forEach((s, i) => {
          const value = i < effect.index ? 1 : i > effect.index ? 0 : Math.max(0, Math.min(1, effect.fraction));
          s.firstChild.style.width = (value * 100).toFixed(2) + '%';
          s.setAttribute('aria-valuenow', String(Math.round(value * 100)));
        });
      case 'show': return showItem(effect);
      case 'load': return load(effect);
      case 'label': return label();
      case 'spinner': spinner.hidden = !effect.on; return;
      case 'problem': return showProblem(effect.reason);
      case 'timer':
        clearTimeout(timers[effect.name]);
        timers[effect.name] = setTimeout(() => dispatch({ type: 'timeout', name: effect.name, token: effect.token }), effect.ms);
        return;
      case 'video':
        if (!effect.play) return video.pause();
        if (video.getAttribute('src')) video.play().catch(() => {});
        return;
      case 'mute': video.muted = effect.muted; return;
      case 'seen': return markSeen(effect.user, effect.item);
      case 'flushSeen': return sendSeen();
      case 'send': return send(effect.method, effect.url);
      case 'store': return store.set(effect.key, effect.value);
      case 'preload':
        kept.length = 0;
        for (const picture of effect.pictures) {
          const p = new Image(); p.sizes = '100vw';
          if (picture.srcset) p.srcset = picture.srcset;
          p.src = picture.src; kept.push(p);
        }
        return;
      case 'copy': navigator.clipboard?.writeText(new URL(effect.path, location.href).href).catch(() => {}); return;
      case 'follow': return follow(effect);
      case 'handled': handled = true; return;
      case 'fetchUser': return fetchUser(effect);
      case 'close': return close();
      default:
    }
  }
  function showItem({ item, index, count, user }) {
    root.dataset.userId = user.id; root.dataset.itemId = item.id;
    root.dataset.index = String(index); root.dataset.count = String(count);
    history.replaceState(null, '', item.url);
    status.textContent = `${user.name}, ${index + 1} of ${count}`;
    who.querySelector('.name').textContent = user.name;
    let time = who.querySelector('time');
    if (item.age) { if (!time) { time = el('time'); who.querySelector('.name').after(time); } time.textContent = item.age; time.dateTime = item.postedAt || ''; }
    else if (time) time.remove();
    const avatar = who.querySelector('.avatar');
    if (avatar && user.avatar) avatar.src = user.avatar;
    chrome.querySelector('.caption')?.remove(); chrome.querySelector('.link')?.remove();
    if (item.link) { const a = el('a', 'link'); a.href = item.link; a.rel = 'noopener noreferrer'; a.target = '_blank'; a.textContent = 'Open link'; chrome.prepend(a); }
    if (item.caption) { const p = el('p', 'caption'); p.textContent = item.caption; chrome.prepend(p); }
    const params = match(routes.item, item.url) || {};
    likeForm.action = fill(routes.likeForm, params);
    muteForm.action = fill(routes.muteForm, params);
    soundButton.hidden = item.type !== 'video';
  }
  function label() {
    const it = state.story.items[state.index];
    setButton(pauseButton, state.paused ? 'play' : 'pause', state.paused ? 'Play' : 'Pause', state.paused);
    setButton(soundButton, state.sound ? 'soundOn' : 'soundOff', state.sound ? 'Sound on' : 'Sound off', state.sound);
    setButton(readerButton, 'reader', 'Reader mode (no auto-advance)', state.reader);
    setButton(likeButton, 'heart', it.liked ? 'Unlike' : 'Like', it.liked, it.liked);
    likeButton.classList.toggle('liked', it.liked);
    setButton(muteButton, 'mute', state.story.user.muted ? 'Unmute this user' : 'Mute this user', state.story.user.muted);
    video.muted = !state.sound;
    root.classList.toggle('reader', state.reader);
    root.classList.toggle('held', state.held);
  }
  function load({ item, token, sound }) {
    stage.classList.remove('fill');
    if (item.type === 'video') {
      img.hidden = true; img.removeAttribute('src'); img.removeAttribute('srcset'); backdrop.hidden = true; video.hidden = false;
      video.poster = item.poster || ''; video.src = item.src; video.muted = !sound;
      video.dataset.token = String(token);
      video.play().catch((error) => {
        if (Number(video.dataset.token) !== state.token) return;
        if (error && error.name === 'NotAllowedError' && !video.muted) { video.muted = true; return video.play().catch(() => {}); }
        if (error && error.name !== 'AbortError') dispatch({ type: 'failed', token, reason: 'the clip could not be played' });
      });
    } else {
      video.pause(); video.removeAttribute('src'); video.load(); video.hidden = true; img.hidden = false;
      img.alt = item.alt || item.caption || `${state.story.user.name}, item ${item.index + 1}`;
      if (item.srcset) img.srcset = item.srcset; else img.removeAttribute('srcset');
      img.sizes = '100vw'; img.src = item.src;
      img.decode().then(() => {
        // A photo close to the screen's shape fills it; any other sits on a blurred copy of itself.
        const photo = img.naturalWidth / img.naturalHeight, screen = stage.clientWidth / Math.max(1, stage.clientHeight);
        const close = Math.abs(Math.log(photo / screen)) < Math.log(1 + rules.fillTolerance);
        stage.classList.toggle('fill', close);
        backdrop.hidden = close;
        if (!close) backdrop.src = img.currentSrc || img.src;
        dispatch({ type: 'ready', token });
      }, () => { img.hidden = true; dispatch({ type: 'failed', token, reason: 'the picture could not be loaded' }); });
    }
  }
  function showProblem(reason) {
    if (!reason) { problem.hidden = true; return; }
    img.hidden = true;  // a broken picture would show its alt text over the bars
    problem.replaceChildren();
    const p = el('p'); p.textContent = `Couldn't load this: ${reason}.`; problem.append(p);
    const row = el('div', 'choices');
    for (const [cls, text, action] of [['retry', 'Retry', 'retry'], ['skip', 'Skip', 'skip']]) {
      const b = el('button', cls); b.type = 'button'; b.textContent = text;
      b.addEventListener('click', (e) => { e.stopPropagation(); dispatch({ type: 'action', action }); });
      row.append(b);
    }
    problem.append(row);
    problem.hidden = false;
  }
  async function fetchUser({ url, target, token }) {
    try {
      const answer = await fetch(url, { credentials: 'same-origin' });
      if (!answer.ok) throw new Error(answer.status === 404 ? 'this story is gone' : `the server answered ${answer.status}`);
      dispatch({ type: 'userLoaded', story: await answer.json(), token });
    } catch (error) {
      dispatch({ type: 'userFailed', token, target, reason: error instanceof TypeError ? 'no connection to the server' : error.message });
    }
  }
  function follow({ dx, dy, settle, away }) {
    if (reducedMotion.matches) return;
    stage.classList.toggle('settling', Boolean(settle));
    if (away === 'left' || away === 'right') {
      stage.animate([{ transform: `translateX(${away === 'left' ? '-35%' : '35%'}) rotateY(${away === 'left' ? 25 : -25}deg)`, opacity: 0.4 }, { transform: 'none', opacity: 1 }], { duration: 260, easing: 'ease-out' });
      stage.style.transform = '';
      return;
    }
    if (away === 'down') { stage.style.transform = 'translateY(30%) scale(.6)'; stage.style.opacity = '0'; return; }
    stage.style.opacity = '';
    stage.style.transform = dx || dy ? `translate(${dx}px, ${dy}px) scale(${1 - Math.min(0.3, dy / 1000)}) rotateY(${-dx / 12}deg)` : '';
  }
  function close() {
    for (const name of Object.keys(timers)) clearTimeout(timers[name]);
    // Back to the tray page it came from, the story's entry replaced: Back after a close goes
    // where the person was before the story, not into it again.
    let tray = '/';
    try { tray = sessionStorage.getItem('stories.tray') || '/'; } catch { /* the first page */ }
    if (openedFromTray && history.length > 1) history.back();
    else location.replace(tray.startsWith('/') && !tray.startsWith('//') ? tray : '/');
  }
  video.addEventListener('playing', () => { dispatch({ type: 'buffering', on: false, token: Number(video.dataset.token) }); dispatch({ type: 'ready', token: Number(video.dataset.token) }); });
  video.addEventListener('waiting', () => dispatch({ type: 'buffering', on: true, token: Number(video.dataset.token) }));
  video.addEventListener('ended', () => dispatch({ type: 'ended', token: Number(video.dataset.token) }));
  video.addEventListener('error', () => { if (video.getAttribute('src')) dispatch({ type: 'failed', token: Number(video.dataset.token), reason: 'the clip could not be played' }); });
  document.addEventListener('visibilitychange', () => dispatch({ type: 'visibility', hidden: document.hidden }));
  stage.addEventListener('pointerdown', (e) => { if (!e.target.closest('button')) dispatch({ type: 'press', x: e.clientX, y: e.clientY, at: e.timeStamp }); });
  stage.addEventListener('pointermove', (e) => dispatch({ type: 'drag', x: e.clientX, y: e.clientY }));
  const release = (e, cancelled) => {
    const box = stage.getBoundingClientRect();
    dispatch({ type: 'release', x: e.clientX, y: e.clientY, left: box.left, width: stage.clientWidth, cancelled, at: e.timeStamp });
  };
  stage.addEventListener('pointerup', (e) => release(e, false));
  stage.addEventListener('pointercancel', (e) => release(e, true));
  stage.addEventListener('contextmenu', (e) => e.preventDefault());
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest('input,textarea')) return;
    handled = false;
    dispatch({ type: 'key', key: e.key, shift: e.shiftKey });
    if (handled) e.preventDefault();
  });
  dispatch({ type: 'open' });
}

// The tray: rings refreshed when the tab comes back or the state changes elsewhere — the
// server's own page read again and its rings and words taken over (no wording here).
function startTray(root) {
  // Where a closed story goes back to (no Referer is sent: Referrer-Policy no-referrer),
  // and whether it was opened from here (then closing is going back).
  try { sessionStorage.setItem('stories.tray', location.pathname + location.search); } catch { /* the tray's first page */ }
  root.addEventListener('click', (e) => {
    const link = e.target.closest('a[data-user-id]');
    if (!link) return;
    link.classList.add('opening');  // feedback at once, before the next page arrives
    try { sessionStorage.setItem('stories.opened', '1'); } catch { /* closing replaces */ }
  });
  addEventListener('pageshow', () => root.querySelectorAll('.opening').forEach((link) => link.classList.remove('opening')));
  let refreshing = false;
  async function refresh() {
    if (document.hidden || refreshing) return;
    refreshing = true;
    try {
      const answer = await fetch(location.pathname + location.search, { credentials: 'same-origin', cache: 'no-store' });
      if (!answer.ok) return;
      const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
      for (const fresh of page.querySelectorAll('a[data-user-id]')) {
        const link = root.querySelector(`a[data-user-id="${CSS.escape(fresh.dataset.userId)}"]`);
        if (!link) continue;
        link.className = fresh.className;
        link.querySelector('.state').textContent = fresh.querySelector('.state').textContent;
      }
      emit('trayRefreshed');
    } catch { /* offline: the rings stay as they were */ } finally { refreshing = false; }
  }
  document.addEventListener('visibilitychange', refresh);
  onChange(refresh);
}

// The gallery: the next page joins as the end comes into view (the link works without this).
function startGallery(root) {
  const watch = () => {
    const more = root.querySelector('a.more');
    if (!more) return;
    const seen = new IntersectionObserver(async (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      try {
        const answer = await fetch(more.href, { credentials: 'same-origin' });
        const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
        root.querySelector('.grid').append(...page.querySelectorAll('.grid > li'));
        root.querySelector('.pages').replaceWith(page.querySelector('.pages'));
        watch();
      } catch { /* the link still works */ }
    }, { rootMargin: '600px' });
    seen.observe(more);
  };
  watch();
}
