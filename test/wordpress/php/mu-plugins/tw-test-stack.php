<?php
/**
 * Plugin Name: ticketing-widgets test stack
 * Description: Test-only hooks, loaded through WPMU_PLUGIN_DIR by the stack's own config file (never
 * installed into a site). Keeps the site offline, lifts the bus plugin's rate limit, and logs how
 * each REST request was authenticated so tests can see what the proxy really sent.
 */

if (!defined('ABSPATH') || !defined('TW_STATE_DIR')) {
	return;
}

// The bus plugin allows 30 requests/min per visitor; the tests make more than that from one address.
add_filter('wbtm_rest_api_rate_limit', function () {
	return 100000;
});

/** A small JPEG or PNG, coloured after the URL, made with GD; null without GD. */
function tw_test_image_bytes($url, $png) {
	if (!function_exists('imagecreatetruecolor')) {
		return null;
	}
	$hash  = md5($url);
	$image = imagecreatetruecolor(48, 32);
	imagefill($image, 0, 0, imagecolorallocate($image, hexdec(substr($hash, 0, 2)), hexdec(substr($hash, 2, 2)), hexdec(substr($hash, 4, 2))));
	ob_start();
	$png ? imagepng($image) : imagejpeg($image, null, 80);
	return ob_get_clean();
}

/**
 * The demo importers download photos from the internet. The stack never goes there: image URLs
 * are answered here with a generated picture, anything else not on this machine fails at once.
 */
add_filter('pre_http_request', function ($pre, $args, $url) {
	$host = strtolower((string) parse_url($url, PHP_URL_HOST));
	if ($host === '127.0.0.1' || $host === 'localhost' || $host === '') {
		return $pre;
	}
	$path = (string) parse_url($url, PHP_URL_PATH);
	if (!preg_match('/\.(jpe?g|png)$/i', $path, $match)) {
		return new WP_Error('tw_offline', 'The ticketing-widgets test stack does not reach the internet: ' . $url);
	}
	$png   = strtolower($match[1]) === 'png';
	$bytes = tw_test_image_bytes($url, $png);
	if ($bytes === null) {
		return new WP_Error('tw_offline', 'No GD to make a stand-in image for ' . $url);
	}
	if (!empty($args['stream']) && !empty($args['filename'])) {
		file_put_contents($args['filename'], $bytes);
	}
	return array(
		'headers'  => array('content-type' => $png ? 'image/png' : 'image/jpeg', 'content-length' => strlen($bytes)),
		'body'     => empty($args['stream']) ? $bytes : '',
		'response' => array('code' => 200, 'message' => 'OK'),
		'cookies'  => array(),
		'filename' => empty($args['stream']) ? null : $args['filename'],
	);
}, 10, 3);

/**
 * One JSON line per REST request served over HTTP: which address it was sent to, which
 * Authorization scheme it carried, which user WordPress settled on and what it answered.
 */
add_filter('rest_post_dispatch', function ($response, $server, $request) {
	$authorization = isset($_SERVER['HTTP_AUTHORIZATION']) ? (string) $_SERVER['HTTP_AUTHORIZATION'] : '';
	$data          = $response instanceof WP_REST_Response ? $response->get_data() : null;
	$line          = array(
		'time'   => microtime(true),
		'host'   => isset($_SERVER['HTTP_HOST']) ? $_SERVER['HTTP_HOST'] : '',
		'uri'    => isset($_SERVER['REQUEST_URI']) ? $_SERVER['REQUEST_URI'] : '',
		'route'  => $request->get_route(),
		'scheme' => $authorization === '' ? '' : strtolower(strtok($authorization, ' ')),
		'user'   => get_current_user_id(),
		'status' => $response instanceof WP_REST_Response ? $response->get_status() : null,
		'code'   => is_array($data) && isset($data['code']) && is_string($data['code']) ? $data['code'] : null,
	);
	file_put_contents(TW_STATE_DIR . '/rest-requests.log', wp_json_encode($line) . "\n", FILE_APPEND | LOCK_EX);
	return $response;
}, PHP_INT_MAX, 3);
