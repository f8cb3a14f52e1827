// The one script written into every page (the rest are files): it must run before the first paint, so it cannot wait
// for a request. Kept as text here so that the Content-Security-Policy can allow exactly it by its hash (headers.ts).
//
// The URL decides a page's language. The one exception is the site's front door, `/`: a reader arriving there from
// elsewhere (typed, bookmarked, another site's link) who once chose another language with the toggle is sent to the
// front page in that language. A link followed within the site is never redirected: it says which language it wants.
// The home page names its other languages' addresses in `data-lang-homes` (a JSON object); no other page has it.
//
// Written compact (it is in every page: the readable form was 1.1 kB of each): before the first paint, the theme (the
// stored choice, else the system's) and, on the home page only, the stored language. Storage may be refused (private
// mode): then the system's theme and the page's language. `f`: the reader came by a link within the site.
export const FIRST_PAINT_SCRIPT =
	"(function(){var d=document.documentElement,s=null,t=null;d.classList.add('js');" +
	"try{s=window.localStorage}catch(e){}" +
	"try{t=s&&s.getItem('theme')}catch(e){}" +
	"d.classList.toggle('dark',t?t==='dark':window.matchMedia('(prefers-color-scheme: dark)').matches);" +
	"try{var h=d.dataset.langHomes?JSON.parse(d.dataset.langHomes):null,l=h&&s&&s.getItem('lang'),f=false;" +
	"try{f=document.referrer!==''&&new URL(document.referrer).origin===location.origin}catch(e){}" +
	"if(l&&l!==d.lang&&Object.hasOwn(h,l)&&!f)location.replace(h[l]+location.search+location.hash)}catch(e){}})();";
