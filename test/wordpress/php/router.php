<?php
/**
 * Router for `php -S 127.0.0.1:PORT -t /usr/share/wordpress router.php` (test stack only).
 *
 * - Tells Debian's wp-config.php which /etc/wordpress/config-NAME.php to read (the same variable
 *   Apache's `SetEnv WORDPRESS_CONFIG` would set), so any address (127.0.0.1, localhost) reaches
 *   the same site.
 * - /wp-content/... is served from WP_CONTENT_DIR (Debian: /var/lib/wordpress/wp-content), and the
 *   run's uploads from /tw-uploads/..., as Debian's Apache aliases would.
 * - Existing .php files run as themselves; everything else goes to index.php, which is what
 *   pretty permalinks and /wp-json/ need.
 */

$_SERVER['WORDPRESS_CONFIG'] = (string) getenv('TW_WP_CONFIG');

$tw_root    = rtrim((string) getenv('TW_WP_ROOT'), '/');
$tw_content = rtrim((string) getenv('TW_WP_CONTENT'), '/');
$tw_uploads = rtrim((string) getenv('TW_WP_UPLOADS'), '/');
$tw_path    = rawurldecode((string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));

/** Streams a static file below $base, or answers 404; never runs PHP from there. */
function tw_static($base, $relative) {
	$file = realpath($base . $relative);
	$real_base = realpath($base);
	if ($file === false || $real_base === false || strpos($file, $real_base . '/') !== 0 || !is_file($file)
		|| preg_match('/\.php\d?$/i', $file)) {
		http_response_code(404);
		header('Content-Type: text/plain');
		echo "Not found\n";
		return;
	}
	$types = array(
		'css' => 'text/css', 'js' => 'application/javascript', 'json' => 'application/json',
		'png' => 'image/png', 'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'gif' => 'image/gif',
		'svg' => 'image/svg+xml', 'webp' => 'image/webp', 'woff' => 'font/woff', 'woff2' => 'font/woff2',
		'ttf' => 'font/ttf', 'txt' => 'text/plain', 'html' => 'text/html',
	);
	$ext = strtolower(pathinfo($file, PATHINFO_EXTENSION));
	header('Content-Type: ' . ($types[$ext] ?? 'application/octet-stream'));
	header('Content-Length: ' . filesize($file));
	readfile($file);
}

if ($tw_content !== '' && strpos($tw_path, '/wp-content/') === 0) {
	tw_static($tw_content, substr($tw_path, strlen('/wp-content')));
	return true;
}
if ($tw_uploads !== '' && strpos($tw_path, '/tw-uploads/') === 0) {
	tw_static($tw_uploads, substr($tw_path, strlen('/tw-uploads')));
	return true;
}

$tw_file = realpath($tw_root . $tw_path);
if ($tw_file !== false && is_dir($tw_file) && is_file($tw_file . '/index.php')) {
	$tw_file .= '/index.php';
	$tw_path = rtrim($tw_path, '/') . '/index.php';
}
$tw_inside = $tw_file !== false && strpos($tw_file, $tw_root . '/') === 0 && is_file($tw_file);

if ($tw_inside && !preg_match('/\.php$/i', $tw_file)) {
	return false; // a static file of WordPress itself: the built-in server sends it
}
if (!$tw_inside) {
	// Pretty permalinks, /wp-json/...: WordPress's front controller decides.
	$tw_file = $tw_root . '/index.php';
	$tw_path = '/index.php';
}
$_SERVER['SCRIPT_FILENAME'] = $tw_file;
$_SERVER['SCRIPT_NAME']     = $tw_path;
$_SERVER['PHP_SELF']        = $tw_path;
chdir(dirname($tw_file));
unset($tw_content, $tw_uploads);
require $tw_file;
return true;
