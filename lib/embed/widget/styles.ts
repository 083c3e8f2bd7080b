/**
 * The widget's stylesheet, adopted by its shadow root (a constructed stylesheet: no <style> element, so a
 * host page whose Content-Security-Policy forbids inline styles still styles it). The church's colours come
 * from attributes or from the host page's custom properties --church-calendar-accent, -text, -background.
 */
export const WIDGET_CSS = `
:host{display:block;container-type:inline-size;color:var(--cc-text);background:var(--cc-background);font:inherit;line-height:1.45}
:host([hidden]){display:none}
*{box-sizing:border-box}
.cc{padding:1rem;border-radius:.5rem;background:var(--cc-background);color:var(--cc-text)}
.head{display:flex;align-items:center;gap:.5rem;flex-wrap:wrap;margin-bottom:.75rem}
h2{font-size:1.25rem;margin:0;flex:1 1 auto;line-height:1.2}
a{color:var(--cc-accent);text-underline-offset:.15em}
a:hover{text-decoration-thickness:2px}
a:focus-visible,button:focus-visible{outline:3px solid var(--cc-accent);outline-offset:2px;border-radius:2px}
button{font:inherit;color:var(--cc-accent);background:var(--cc-background);border:2px solid var(--cc-accent);border-radius:.375rem;padding:.4rem .8rem;cursor:pointer;min-height:2.5rem;min-width:2.5rem}
button:hover{background:color-mix(in srgb,var(--cc-accent) 10%,var(--cc-background))}
button[aria-disabled=true]{opacity:.45;cursor:not-allowed}
.sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.status{margin:0 0 .5rem}
.status:empty{display:none}
ul{list-style:none;margin:0;padding:0}
.events>li{padding:.75rem 0;border-top:1px solid color-mix(in srgb,var(--cc-text) 18%,transparent)}
.events>li:first-child{border-top:0}
.title{font-weight:600;font-size:1.05rem}
.when,.meta{margin:.2rem 0 0}
.meta{opacity:.85;font-size:.9rem}
.badge{display:inline-block;margin-inline-start:.4rem;padding:0 .4rem;border-radius:.25rem;border:1px solid currentColor;font-size:.8rem;font-weight:600;vertical-align:middle}
.more{margin-top:.75rem}
.skeleton{height:3.25rem;margin:.5rem 0;border-radius:.375rem;background:color-mix(in srgb,var(--cc-text) 10%,transparent)}
@media (prefers-reduced-motion:no-preference){.skeleton{animation:pulse 1.4s ease-in-out infinite}}
@keyframes pulse{50%{opacity:.45}}
table{width:100%;border-collapse:collapse;table-layout:fixed}
th{font-size:.85rem;font-weight:600;padding:.25rem;text-align:start}
td{vertical-align:top;height:5.5rem;padding:.25rem;border:1px solid color-mix(in srgb,var(--cc-text) 18%,transparent);overflow-wrap:anywhere}
td[aria-current=date]{box-shadow:inset 0 0 0 2px var(--cc-accent)}
.day{font-size:.85rem;font-weight:600;display:block}
.day-events li{font-size:.8rem;margin-top:.2rem;line-height:1.25}
.day-events li.continues{font-style:italic}
.dot{display:none}
.agenda{display:none;margin-top:1rem}
.agenda h3{font-size:1rem;margin:.75rem 0 .25rem}
.agenda h3:first-child{margin-top:0}
.note{font-size:.8rem;opacity:.85;margin:.75rem 0 0}
@container (max-width:560px){
 th{font-size:.75rem;padding:.15rem;text-align:center}
 td{height:2.6rem;text-align:center;padding:.15rem}
 .day-events{display:none}
 .dot{display:block;width:.45rem;height:.45rem;margin:.15rem auto 0;border-radius:50%;background:var(--cc-accent)}
 .agenda{display:block}
}
`;
