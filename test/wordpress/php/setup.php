<?php
/**
 * Sets up the test site from the command line, one step per process, without WP-CLI:
 *
 *   php setup.php install   core tables, options, administrator + application password
 *   php setup.php activate  the three plugins (their activation hooks run)
 *   php setup.php seed      the plugins' own demo data, unpublished events, OAuth 1.0a client + token
 *
 * Environment: TW_WP_CONFIG (config name, see router.php), TW_WP_ROOT, TW_URL (the site's home),
 * TW_FACTS (JSON file this script merges what it made into).
 */

error_reporting(E_ALL & ~E_DEPRECATED & ~E_NOTICE & ~E_STRICT);

$tw_step = isset($argv[1]) ? $argv[1] : '';
$tw_url  = rtrim((string) getenv('TW_URL'), '/');
$tw_host = parse_url($tw_url, PHP_URL_HOST) . (parse_url($tw_url, PHP_URL_PORT) ? ':' . parse_url($tw_url, PHP_URL_PORT) : '');

$_SERVER['WORDPRESS_CONFIG'] = (string) getenv('TW_WP_CONFIG');
$_SERVER['HTTP_HOST']        = $tw_host;
$_SERVER['SERVER_NAME']      = parse_url($tw_url, PHP_URL_HOST);
$_SERVER['SERVER_PORT']      = (string) (parse_url($tw_url, PHP_URL_PORT) ?: 80);
$_SERVER['REQUEST_URI']      = '/';
$_SERVER['REQUEST_METHOD']   = 'GET';
$_SERVER['SERVER_PROTOCOL']  = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR']      = '127.0.0.1';

const TW_ADMIN      = 'tw-admin';
const TW_PLUGINS    = array(
	'mage-eventpress/woocommerce-event-press.php',
	'bus-ticket-booking-with-seat-reservation/woocommerce-bus.php',
	'rest-api-oauth1/oauth-server.php',
);

function tw_fail($message) {
	fwrite(STDERR, "setup.php: $message\n");
	exit(1);
}

function tw_log($message) {
	fwrite(STDERR, "  [php] $message\n");
}

/** Merges $facts into the JSON file named by TW_FACTS. */
function tw_facts(array $facts) {
	$file = (string) getenv('TW_FACTS');
	$old  = is_file($file) ? json_decode((string) file_get_contents($file), true) : array();
	file_put_contents($file, json_encode(array_replace_recursive(is_array($old) ? $old : array(), $facts), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));
}

if ($tw_step === 'install') {
	define('WP_INSTALLING', true);
	// Pluggable: wp_install() would try to send the "new site" mail.
	function wp_new_blog_notification() {}
}

require rtrim((string) getenv('TW_WP_ROOT'), '/') . '/wp-load.php';

switch ($tw_step) {
	case 'install':
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		if (is_blog_installed()) {
			tw_fail('the database is not empty; the stack expects a fresh one');
		}
		$password = wp_generate_password(24, false);
		$result   = wp_install('Ticketing Widgets Test Site', TW_ADMIN, 'tw-admin@example.invalid', false, '', $password);
		$user_id  = (int) $result['user_id'];
		if ($user_id <= 0) {
			tw_fail('wp_install() made no user');
		}
		update_option('siteurl', $tw_url);
		update_option('home', $tw_url);
		update_option('blogdescription', 'Real WordPress for the ticketing-widgets integration tests');
		// Where the demo photos go: this run's own folder, not /var/lib/wordpress.
		update_option('upload_path', TW_STATE_DIR . '/uploads');
		update_option('upload_url_path', $tw_url . '/tw-uploads');
		// The event plugin keeps its post types out of REST unless this is set.
		update_option('general_setting_sec', array('mep_rest_api_status' => 'enable'));
		global $wp_rewrite;
		$wp_rewrite->set_permalink_structure('/%postname%/');

		list($app_password) = WP_Application_Passwords::create_new_application_password($user_id, array('name' => 'ticketing-widgets proxy'));
		if (!is_string($app_password)) {
			tw_fail('could not create an application password');
		}
		tw_facts(array(
			'admin' => array('id' => $user_id, 'user' => TW_ADMIN, 'password' => $password, 'appPassword' => WP_Application_Passwords::chunk_password($app_password)),
			'wordpressVersion' => get_bloginfo('version'),
		));
		tw_log('installed WordPress ' . get_bloginfo('version'));
		break;

	case 'activate':
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		wp_set_current_user(1);
		foreach (TW_PLUGINS as $plugin) {
			$result = activate_plugin($plugin);
			if (is_wp_error($result) && $result->get_error_code() !== 'unexpected_output') {
				tw_fail("activating $plugin: " . $result->get_error_message());
			}
			if (!is_plugin_active($plugin)) {
				tw_fail("$plugin is not active after activation");
			}
			$data = get_plugin_data(WP_PLUGIN_DIR . '/' . $plugin, false, false);
			tw_log("activated $plugin " . $data['Version']);
			tw_facts(array('plugins' => array(dirname($plugin) => $data['Version'])));
		}
		break;

	case 'seed':
		tw_seed($tw_url);
		break;

	default:
		tw_fail("unknown step '$tw_step'");
}
exit(0);

/** Calls a method of an importer whatever its visibility (the bus importer's are private). */
function tw_call($object, $method, ...$args) {
	$reflection = new ReflectionMethod($object, $method);
	$reflection->setAccessible(true);
	return $reflection->invoke($object, ...$args);
}

/** A REST request served in-process, as JSON-decoded data plus status. */
function tw_rest($route, array $query = array()) {
	$request = new WP_REST_Request('GET', $route);
	$request->set_query_params($query);
	$response = rest_do_request($request);
	return array($response->get_status(), rest_get_server()->response_to_data($response, false));
}

function tw_seed($url) {
	wp_set_current_user(1);
	require_once ABSPATH . 'wp-admin/includes/post.php';
	require_once ABSPATH . 'wp-admin/includes/media.php';
	require_once ABSPATH . 'wp-admin/includes/file.php';
	require_once ABSPATH . 'wp-admin/includes/image.php';
	$started = microtime(true);
	ob_start(); // the importers echo now and then

	// --- The bus plugin's demo data, as its importer makes it (one bus per batch in the admin).
	if (!class_exists('WBTM_Dummy_Import')) {
		require_once WP_PLUGIN_DIR . '/bus-ticket-booking-with-seat-reservation/admin/WBTM_Dummy_Import.php';
	}
	$bus_import = new WBTM_Dummy_Import();
	tw_call($bus_import, 'insert_taxonomies');
	$bus_ids = array();
	foreach ($bus_import->dummy_cpt()['custom_post']['wbtm_bus'] as $bus) {
		$id = tw_call($bus_import, 'insert_single_bus', 'wbtm_bus', $bus);
		if ($id) {
			$bus_ids[] = (int) $id;
		}
	}
	update_option(WBTM_Dummy_Import::DONE_OPTION, 'yes');
	tw_log(sprintf('bus demo: %d buses (%.1fs)', count($bus_ids), microtime(true) - $started));

	// --- The event plugin's demo data: init, each event, finalize (what its import popup runs).
	if (!class_exists('Admin\mep_dummy_import')) {
		require_once WP_PLUGIN_DIR . '/mage-eventpress/admin/mep_dummy_import.php';
	}
	$event_import = new \Admin\mep_dummy_import();
	$event_import->dummy_import_init();
	$demo         = $event_import->dummy_data();
	$demo_events  = isset($demo['custom_post']['mep_events']) ? $demo['custom_post']['mep_events'] : array();
	foreach (array_keys($demo_events) as $index) {
		$event_import->dummy_import_event($index);
	}
	$event_import->dummy_import_finalize();
	$published = (int) wp_count_posts('mep_events')->publish;
	tw_log(sprintf('event demo: %d of %d events published (%.1fs)', $published, count($demo_events), microtime(true) - $started));

	// --- Unpublished content the public must never see.
	$category = wp_insert_term('TW Draft Category', 'mep_cat', array('slug' => 'tw-draft-category'));
	if (is_wp_error($category)) {
		tw_fail('category: ' . $category->get_error_message());
	}
	$category_id = (int) $category['term_id'];
	$make        = function ($title, $status, array $extra = array()) {
		$id = wp_insert_post(array_merge(array(
			'post_type'    => 'mep_events',
			'post_title'   => $title,
			'post_content' => "<p>$title: unpublished, for the ticketing-widgets security tests.</p>",
			'post_excerpt' => "$title excerpt",
			'post_status'  => $status,
			'post_author'  => 1,
		), $extra), true);
		if (is_wp_error($id)) {
			tw_fail("$title: " . $id->get_error_message());
		}
		$actual = get_post_status($id);
		if ($actual !== $status) {
			tw_fail("$title has status $actual, not $status");
		}
		update_post_meta($id, 'event_start_datetime', gmdate('Y-m-d 10:00:00', time() + 40 * DAY_IN_SECONDS));
		update_post_meta($id, 'event_end_datetime', gmdate('Y-m-d 18:00:00', time() + 40 * DAY_IN_SECONDS));
		return (int) $id;
	};
	$draft = $make('TW Draft Event', 'draft');
	wp_set_object_terms($draft, array($category_id), 'mep_cat');
	$organizers = get_terms(array('taxonomy' => 'mep_org', 'hide_empty' => false, 'number' => 1, 'fields' => 'ids'));
	if (is_array($organizers) && $organizers) {
		wp_set_object_terms($draft, array((int) $organizers[0]), 'mep_org');
	}
	$private   = $make('TW Private Event', 'private');
	$when      = time() + 30 * DAY_IN_SECONDS;
	$scheduled = $make('TW Scheduled Event', 'future', array(
		'post_date'     => get_date_from_gmt(gmdate('Y-m-d H:i:s', $when)),
		'post_date_gmt' => gmdate('Y-m-d H:i:s', $when),
	));

	// The draft's own featured image: an attachment with status "inherit", as unpublished as the
	// draft, which `_embed` of the draft would pull in.
	$attachment = media_sideload_image('https://tw-test.invalid/tw-draft-event-photo.jpg', $draft, 'TW Draft Event Photo', 'id');
	if (is_wp_error($attachment)) {
		tw_log('no draft photo: ' . $attachment->get_error_message());
		$attachment = null;
	} else {
		wp_update_post(array('ID' => $attachment, 'post_title' => 'TW Draft Event Photo'));
		set_post_thumbnail($draft, $attachment);
	}

	$speaker = null;
	if (post_type_exists('mep_event_speaker')) {
		$speaker = wp_insert_post(array(
			'post_type'   => 'mep_event_speaker',
			'post_title'  => 'TW Draft Speaker',
			'post_status' => 'draft',
			'post_author' => 1,
		), true);
		$speaker = is_wp_error($speaker) ? null : (int) $speaker;
	}

	// --- OAuth 1.0a: a consumer and an access token for the administrator.
	$client = WP_REST_OAuth1_Client::create(array('name' => 'ticketing-widgets proxy', 'description' => 'test stack'));
	if (is_wp_error($client)) {
		tw_fail('OAuth client: ' . $client->get_error_message());
	}
	$token  = wp_generate_password(24, false);
	$secret = wp_generate_password(48, false);
	add_option('oauth1_access_' . $token, array('key' => $token, 'secret' => $secret, 'consumer' => $client->ID, 'user' => 1), null, 'no');

	// --- A bus trip that runs: the first stop pair and date (from tomorrow on) with buses.
	list($status, $routes) = tw_rest('/wbtm/v1/routes');
	if ($status !== 200) {
		tw_fail("wbtm/v1/routes answered $status");
	}
	$trip = null;
	for ($day = 1; $day <= 60 && !$trip; $day++) {
		$date = gmdate('Y-m-d', time() + $day * DAY_IN_SECONDS);
		foreach ($routes['boarding_points'] as $from) {
			foreach ($routes['dropping_points'] as $to) {
				if ($from === $to) {
					continue;
				}
				list($status, $found) = tw_rest('/wbtm/v1/buses/search', array('bp' => $from, 'dp' => $to, 'date' => $date));
				if ($status === 200 && !empty($found['buses'])) {
					$trip = array('from' => $from, 'to' => $to, 'date' => $date, 'busId' => (int) $found['buses'][0]['id'], 'buses' => count($found['buses']));
					break 2;
				}
			}
		}
	}
	if (!$trip) {
		tw_fail('no demo bus runs in the next 60 days');
	}

	flush_rewrite_rules();
	$echoed = trim((string) ob_get_clean());
	if ($echoed !== '') {
		tw_log('the importers printed: ' . substr(preg_replace('/\s+/', ' ', wp_strip_all_tags($echoed)), 0, 200));
	}

	tw_facts(array(
		'ids'    => array_filter(array(
			'draft'           => $draft,
			'private'         => $private,
			'scheduled'       => $scheduled,
			'draftSpeaker'    => $speaker,
			'category'        => $category_id,
			'draftAttachment' => $attachment,
		), function ($value) {
			return $value !== null;
		}),
		'titles' => array('draft' => 'TW Draft Event', 'private' => 'TW Private Event', 'scheduled' => 'TW Scheduled Event', 'draftSpeaker' => 'TW Draft Speaker', 'draftAttachment' => 'TW Draft Event Photo', 'category' => 'TW Draft Category'),
		'demo'   => array('events' => $published, 'buses' => $bus_ids, 'speakers' => (int) wp_count_posts('mep_event_speaker')->publish),
		'bus'    => $trip,
		'oauth1' => array('consumerKey' => $client->key, 'consumerSecret' => $client->secret, 'token' => $token, 'tokenSecret' => $secret),
	));
	tw_log(sprintf('seeded: draft %d, private %d, scheduled %d, bus %d on %s (%s to %s) (%.1fs)', $draft, $private, $scheduled, $trip['busId'], $trip['date'], $trip['from'], $trip['to'], microtime(true) - $started));
}
