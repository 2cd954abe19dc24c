"""The page's own stylesheet and script, written for flashrun (no CDN, no third-party file).

The view layer of docs/architecture.md: flashrun.view.page inlines both into every page and
report, so a saved report works offline. The script does four things and nothing else:

* sort the trials table by a clicked column (numbers as numbers, ``data-v`` when present);
* filter table and timeline rows by state;
* on a live page (``<body data-live="1">``), follow the server's ``events`` stream (SSE):
  each ``update`` message replaces the changed rows, timeline rows and header by id, and
  a detail page re-fetches its trial when that trial changed;
* once a second, advance elapsed times and stretch running timeline bars;
* after the first paint, append the table rows the live page keeps in a ``<template>``
  (then ``<body data-rows="all">``).

``window.flashrunUpdates`` counts applied updates (the browser tests wait on it).
"""

CSS = """
*{box-sizing:border-box}body{font:14px/1.4 system-ui,-apple-system,"DejaVu Sans",sans-serif;
margin:0;color:#222;background:#fafafa}header{background:#1f2d3d;color:#fff;padding:10px 18px}
header h1{font-size:18px;margin:0 0 4px}header .meta{font-size:12px;opacity:.85}
header .counts span{margin-right:10px}main{padding:8px 18px 40px}
h2{font-size:16px;margin:22px 0 8px;border-bottom:1px solid #ddd;padding-bottom:3px}
h3{font-size:14px;margin:14px 0 6px}a{color:#1a5fa0}
.banner{padding:8px 12px;margin:8px 0;border-radius:4px}.banner.gone{background:#fde2e0;
border:1px solid #d2342c}.banner.frozen{background:#efe0f6;border:1px solid #7a1fa2}
.banner.alive{background:#e4f2e7;border:1px solid #2e9d4a}.banner.finished{background:#eef;
border:1px solid #99c}table{border-collapse:collapse;background:#fff}
th,td{padding:3px 8px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
table.sortable th{cursor:pointer;user-select:none;background:#f0f2f5;position:sticky;top:0}
table.sortable th[data-dir=asc]:after{content:" \\25B2"}table.sortable th[data-dir=desc]:after
{content:" \\25BC"}td.num{text-align:right;font-variant-numeric:tabular-nums}
.state{display:inline-block;padding:0 6px;border-radius:8px;font-size:12px;color:#fff}
.s-queued{background:#999}.s-running{background:#2b7bb9}.s-restarting,.s-paused{background:#e0a020}
.s-frozen{background:#7a1fa2}.s-succeeded{background:#2e9d4a}.s-failed{background:#d2342c}
.s-cancelled{background:#777}td.believed,code{font-family:ui-monospace,"DejaVu Sans Mono",
monospace;font-size:12px}td.believed{max-width:420px;overflow:hidden;text-overflow:ellipsis;
white-space:nowrap}.tl{background:#fff;border:1px solid #eee;padding:4px}
.tlrow{display:flex;align-items:center;height:16px;margin:1px 0}.tlrow .tlname{width:170px;
flex:none;font-size:11px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.tlrow svg{flex:1;height:14px;background:#f6f6f6}.tlaxis{font-size:11px;color:#666;
margin-left:170px}.legend span{display:inline-block;margin-right:10px;font-size:12px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:3px;vertical-align:middle}
.plots{display:flex;flex-wrap:wrap;gap:10px}.plot{background:#fff;border:1px solid #eee}
.plot text{font-size:10px;fill:#444}.plot .ptitle{font-size:12px;font-weight:600}
pre.tail{background:#111;color:#ddd;padding:8px;font-size:12px;max-height:360px;overflow:auto;
white-space:pre-wrap;word-break:break-all}pre.tail mark.believed{background:#ffe066;color:#000;
font-weight:600}.kv td:first-child{color:#555}.decision{margin:6px 0;padding:6px 8px;
background:#fff;border-left:3px solid #e0a020}.attempt{margin:8px 0;padding:6px 8px;
background:#fff;border:1px solid #eee}.muted{color:#777;font-size:12px}
.filter{margin:4px 0 6px}.trial{margin-top:18px}
#timeline,#plots,#details{content-visibility:auto;contain-intrinsic-size:auto 1200px}
"""

SCRIPT = r"""
(function(){
var B=document.body,live=B.getAttribute("data-live")==="1";
var skew=Date.now()/1000-parseFloat(B.getAttribute("data-now")||"0");
window.flashrunUpdates=0;
function val(td){var v=td.getAttribute("data-v");if(v===null)v=td.textContent.trim();
var n=Number(v);return (v!==""&&!isNaN(n))?n:v.toLowerCase();}
function bindSort(){document.querySelectorAll("table.sortable th").forEach(function(th,i){
th.onclick=function(){var tb=th.closest("table").tBodies[0],rows=[].slice.call(tb.rows);
var dir=th.getAttribute("data-dir")==="asc"?-1:1;
th.parentNode.querySelectorAll("th").forEach(function(h){h.removeAttribute("data-dir");});
th.setAttribute("data-dir",dir>0?"asc":"desc");
rows.sort(function(a,b){var x=val(a.cells[i]),y=val(b.cells[i]);
if(typeof x!==typeof y){x=String(x);y=String(y);}return x<y?-dir:x>y?dir:0;});
rows.forEach(function(r){tb.appendChild(r);});};});}
function filter(){var f=document.getElementById("state-filter");if(!f)return;var v=f.value;
document.querySelectorAll("[data-state]").forEach(function(r){
if(r.tagName==="BODY")return;r.hidden=!!v&&r.getAttribute("data-state")!==v;});}
function dur(s){s=Math.max(0,Math.round(s));if(s<60)return s+"s";
if(s<3600)return Math.floor(s/60)+"m"+("0"+s%60).slice(-2)+"s";
return Math.floor(s/3600)+"h"+("0"+Math.floor(s%3600/60)).slice(-2)+"m";}
function tick(){if(B.getAttribute("data-alive")!=="1")return;var now=Date.now()/1000-skew;
var o=parseFloat(B.getAttribute("data-origin")||now),span=Math.max(now-o,0.001);
document.querySelectorAll("td[data-since]").forEach(function(td){
td.textContent=dur(now-parseFloat(td.getAttribute("data-since")));});
document.querySelectorAll("svg.tlbar").forEach(function(s){s.setAttribute("viewBox","0 0 "+span+" 1");});
document.querySelectorAll("rect.attempt.live").forEach(function(r){
r.setAttribute("width",Math.max(span-parseFloat(r.getAttribute("data-x")),0));});
var ax=document.getElementById("tl-span");if(ax)ax.textContent=dur(span);}
function put(id,html,parentId){var el=document.getElementById(id);
if(el){el.outerHTML=html;return;}var p=document.getElementById(parentId);
if(p)p.insertAdjacentHTML("beforeend",html);}
function apply(d){B.setAttribute("data-now",d.now);skew=Date.now()/1000-d.now;
B.setAttribute("data-alive",d.alive?"1":"0");
Object.keys(d.parts||{}).forEach(function(id){put(id,d.parts[id],null);});
Object.keys(d.rows||{}).forEach(function(t){var r=d.rows[t];put(r[0],r[1],"trows");
put(r[2],r[3],"tlrows");});
var mine=B.getAttribute("data-trial");
if(mine&&d.changed&&d.changed.indexOf(mine)>=0){
fetch(location.pathname+"?fragment=1",{credentials:"same-origin"}).then(function(r){
return r.text();}).then(function(h){put("detail",h,null);window.flashrunUpdates++;});}
filter();window.flashrunUpdates++;}
function more(){var t=document.getElementById("trows-more"),tb=document.getElementById("trows");
if(!t||!tb)return;[].slice.call(t.content.querySelectorAll("tr")).forEach(function(r){
if(!document.getElementById(r.id))tb.appendChild(document.importNode(r,true));});
t.parentNode.removeChild(t);filter();B.setAttribute("data-rows","all");}
bindSort();var f=document.getElementById("state-filter");if(f)f.onchange=filter;filter();
if(document.getElementById("trows-more"))requestAnimationFrame(function(){setTimeout(more,0);});
else B.setAttribute("data-rows","all");
if(live&&window.EventSource){var es=new EventSource(B.getAttribute("data-stream"));
es.addEventListener("update",function(ev){apply(JSON.parse(ev.data));});}
if(live)setInterval(tick,1000);
})();
"""
