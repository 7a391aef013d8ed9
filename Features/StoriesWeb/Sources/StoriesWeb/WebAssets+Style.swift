extension WebAssets {
    /// The style sheet: the tray, the full-screen viewer, the gallery; reduced motion honoured.
    static let style = #"""
        :root{color-scheme:dark light;--fg:#f5f5f5;--bg:#000;--dim:#9a9a9a;--ring:linear-gradient(45deg,#f9ce34,#ee2a7b,#6228d7)}
        *{box-sizing:border-box}
        html,body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        a{color:inherit}
        .bar{display:flex;align-items:center;gap:1rem;padding:.75rem 1rem;border-bottom:1px solid #222}
        .bar h1{font-size:1.25rem;margin:0;flex:1}
        .users{list-style:none;margin:0;padding:1rem;display:grid;grid-template-columns:repeat(auto-fill,minmax(88px,1fr));gap:1rem}
        .user{display:flex;flex-direction:column;align-items:center;text-decoration:none;gap:.25rem;text-align:center}
        .user .avatar{width:72px;height:72px;border-radius:50%;object-fit:cover;padding:3px;background:#333;display:flex;align-items:center;justify-content:center;font-size:1.75rem}
        .ring-unseen .avatar{background:var(--ring)}
        .ring-seen .avatar{background:#555}
        .ring-muted{opacity:.45}
        .ring-muted .avatar{background:none;border:2px dashed #777}
        .user .name{font-size:.85rem;max-width:88px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .user .state{font-size:.7rem;color:var(--dim)}
        .pages{padding:1rem;display:flex;gap:1rem;justify-content:center}
        .empty{color:var(--dim);grid-column:1/-1;text-align:center;padding:3rem 0}
        .viewer-page{overflow:hidden;overscroll-behavior:none}
        .viewer{position:fixed;inset:0;display:flex;flex-direction:column;background:#000;user-select:none;-webkit-user-select:none}
        .bars{display:flex;gap:3px;padding:8px 8px 0;position:absolute;top:0;left:0;right:0;z-index:3}
        .seg{flex:1;height:3px;background:rgba(255,255,255,.35);border-radius:2px;overflow:hidden}
        .seg i{display:block;height:100%;width:0;background:#fff}
        .seg.done i{width:100%}
        .who{position:absolute;top:14px;left:0;right:0;z-index:3;display:flex;align-items:center;gap:.5rem;padding:.5rem .75rem;text-shadow:0 1px 2px #000}
        .who .avatar{border-radius:50%;width:32px;height:32px;object-fit:cover}
        .who time{color:#ddd;font-size:.85rem}
        .close{text-decoration:none;font-size:1.25rem;order:3;margin-left:auto;min-width:44px;min-height:44px;display:inline-flex;align-items:center;justify-content:center}
        .stage{flex:1;display:flex;align-items:center;justify-content:center;min-height:0;touch-action:none;position:relative}
        .media{max-width:100%;max-height:100%;width:100%;height:100%;object-fit:contain;display:block}
        .media[hidden]{display:none}
        .chrome{position:absolute;bottom:0;left:0;right:0;z-index:3;padding:.75rem 1rem calc(.75rem + env(safe-area-inset-bottom));background:linear-gradient(transparent,rgba(0,0,0,.7));display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;transition:opacity .2s}
        .caption{width:100%;margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
        .chrome button,.chrome .link,.moves a,.tools button{background:rgba(255,255,255,.15);color:#fff;border:0;border-radius:999px;padding:.45rem .9rem;min-height:44px;min-width:44px;font:inherit;text-decoration:none;cursor:pointer}
        .chrome form{margin:0}
        .js .moves{display:none}
        .held .chrome,.held .who,.held .bars{opacity:0}
        .status{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
        .tools{display:flex;gap:.5rem;margin-left:auto}
        .tools button{font-size:.8rem;padding:.35rem .7rem;min-height:44px}
        .problem{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1rem;background:rgba(0,0,0,.85);z-index:4;text-align:center;padding:2rem}
        .problem button{background:#fff;color:#000;border:0;border-radius:999px;padding:.6rem 1.4rem;min-height:44px;min-width:88px;font:inherit;font-weight:600;cursor:pointer;margin:0 .25rem}
        .problem button.skip{background:rgba(255,255,255,.18);color:#fff}
        .problem p{margin:0;max-width:28rem}
        .problem[hidden],.spinner[hidden]{display:none}
        .spinner{position:absolute;width:40px;height:40px;border:3px solid rgba(255,255,255,.3);border-top-color:#fff;border-radius:50%;animation:spin 1s linear infinite;box-shadow:0 0 0 1px rgba(0,0,0,.45),inset 0 0 0 1px rgba(0,0,0,.45)}
        @keyframes spin{to{transform:rotate(1turn)}}
        .reader .tools .pause{outline:2px solid #fff}
        .grid{list-style:none;margin:0;padding:2px;display:grid;grid-template-columns:repeat(auto-fill,minmax(110px,1fr));gap:2px}
        .grid img{width:100%;aspect-ratio:1;object-fit:cover;display:block;background:#222}
        .photo img{width:100%;height:auto;display:block}
        .photo p,.error{padding:1rem}
        .beacon{position:absolute;width:1px;height:1px}
        @media (prefers-color-scheme:light){:root{--bg:#fff;--fg:#111;--dim:#666}.bar{border-color:#ddd}.viewer-page{--bg:#000;--fg:#f5f5f5;--dim:#9a9a9a}}
        @media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}
        """#
}
