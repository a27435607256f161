import puppeteer from 'puppeteer-core';
const b = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless=new'] });
const p = await b.newPage();
console.log(await p.evaluate(() => {
  const d = document.createElement('div');
  const has = typeof d.setHTML;
  let out = '';
  try { d.setHTML('<p onclick=x>a<a href="javascript:alert(1)">x</a><a href="https://e.x" title=t>y</a><img src=x onerror=1><script>1</script><!--c--><b>b</b></p>', { sanitizer: { elements: ['p','a','b'], attributes: ['href'] } }); out = d.innerHTML; } catch (e) { out = String(e); }
  return has + ' ' + out + ' ' + typeof Sanitizer;
}));
await b.close();
