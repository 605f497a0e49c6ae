import { WIDGET_PUBLIC_PATHS, WORDPRESS_PLUGIN_SLUG } from '@convo/api';
import yazl from 'yazl';

// The WordPress plugin an admin downloads from /settings/install-cms: the chat widget on every page
// of their site, with their application id and this server's address written in, a settings page
// (Settings → Convo Chat) to change the id, and signed-in WordPress users' names and e-mails handed
// to the widget. It never sends a user id: the widget would trust it, and anyone can write one.

export interface PluginInput {
  /** Where the site's visitors reach this server, e.g. https://chat.example.com. */
  origin: string;
  appId: string;
}

export const PLUGIN_VERSION = '1.0.0';

/** A PHP single-quoted string literal: only the backslash and the quote are special. */
const php = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function pluginPhp({ origin, appId }: PluginInput): string {
  return `<?php
/**
 * Plugin Name: Convo Chat
 * Description: The Convo chat widget on every page of this site.
 * Version: ${PLUGIN_VERSION}
 * Requires at least: 5.7
 * Requires PHP: 7.4
 * License: MIT
 * Text Domain: ${WORDPRESS_PLUGIN_SLUG}
 */

if (!defined('ABSPATH')) {
    exit;
}

define('CONVO_CHAT_SERVER', ${php(origin)});
define('CONVO_CHAT_DEFAULT_APP_ID', ${php(appId)});

function convo_chat_app_id() {
    $id = trim((string) get_option('convo_chat_app_id', ''));
    return $id !== '' ? $id : CONVO_CHAT_DEFAULT_APP_ID;
}

function convo_chat_enqueue() {
    if (is_admin()) {
        return;
    }
    $settings = array(
        'appId' => convo_chat_app_id(),
        'popupWidget' => true,
        'automaticChatOpenOnNavigation' => true,
    );
    // A signed-in WordPress user's name and e-mail label the visitor for agents; no user id is
    // sent, because the widget would trust it and a page can write any.
    if (get_option('convo_chat_share_profile', '1') === '1' && is_user_logged_in()) {
        $user = wp_get_current_user();
        $settings['userName'] = $user->display_name;
        $settings['email'] = $user->user_email;
    }
    wp_register_script('convo-chat', CONVO_CHAT_SERVER . ${php(WIDGET_PUBLIC_PATHS.loader)}, array(), null, true);
    wp_add_inline_script('convo-chat', 'window.convoSettings = ' . wp_json_encode($settings) . ';', 'before');
    wp_enqueue_script('convo-chat');
}
add_action('wp_enqueue_scripts', 'convo_chat_enqueue');

// The loader is small and independent of the page: load it without holding the page up.
add_filter('script_loader_tag', function ($tag, $handle) {
    return $handle === 'convo-chat' ? str_replace(' src=', ' async src=', $tag) : $tag;
}, 10, 2);

function convo_chat_register_settings() {
    register_setting('convo_chat', 'convo_chat_app_id', array(
        'type' => 'string',
        'sanitize_callback' => 'sanitize_text_field',
        'default' => '',
    ));
    register_setting('convo_chat', 'convo_chat_share_profile', array(
        'type' => 'string',
        'sanitize_callback' => function ($value) {
            return $value === '1' ? '1' : '0';
        },
        'default' => '1',
    ));
}
add_action('admin_init', 'convo_chat_register_settings');

function convo_chat_settings_page() {
    if (!current_user_can('manage_options')) {
        return;
    }
    ?>
    <div class="wrap">
        <h1><?php echo esc_html__('Convo Chat', '${WORDPRESS_PLUGIN_SLUG}'); ?></h1>
        <form method="post" action="options.php">
            <?php settings_fields('convo_chat'); ?>
            <table class="form-table" role="presentation">
                <tr>
                    <th scope="row"><label for="convo_chat_app_id"><?php echo esc_html__('Application id', '${WORDPRESS_PLUGIN_SLUG}'); ?></label></th>
                    <td>
                        <input name="convo_chat_app_id" id="convo_chat_app_id" type="text" class="regular-text"
                            value="<?php echo esc_attr(get_option('convo_chat_app_id', '')); ?>"
                            placeholder="<?php echo esc_attr(CONVO_CHAT_DEFAULT_APP_ID); ?>" />
                        <p class="description"><?php echo esc_html__('Empty: the application this plugin was downloaded for.', '${WORDPRESS_PLUGIN_SLUG}'); ?></p>
                    </td>
                </tr>
                <tr>
                    <th scope="row"><?php echo esc_html__('Signed-in users', '${WORDPRESS_PLUGIN_SLUG}'); ?></th>
                    <td>
                        <input type="hidden" name="convo_chat_share_profile" value="0" />
                        <label>
                            <input name="convo_chat_share_profile" type="checkbox" value="1" <?php checked(get_option('convo_chat_share_profile', '1'), '1'); ?> />
                            <?php echo esc_html__('Show agents the name and e-mail of a signed-in WordPress user', '${WORDPRESS_PLUGIN_SLUG}'); ?>
                        </label>
                    </td>
                </tr>
            </table>
            <?php submit_button(); ?>
        </form>
    </div>
    <?php
}

add_action('admin_menu', function () {
    add_options_page('Convo Chat', 'Convo Chat', 'manage_options', ${php(WORDPRESS_PLUGIN_SLUG)}, 'convo_chat_settings_page');
});
`;
}

export function pluginReadme({ origin }: PluginInput): string {
  return `=== Convo Chat ===
Requires at least: 5.7
Requires PHP: 7.4
Stable tag: ${PLUGIN_VERSION}
License: MIT

The Convo chat widget on every page of your site.

== Description ==

Adds the chat widget served by ${origin} to every page. Your team answers from the Convo dashboard.

== Installation ==

1. In WordPress, open Plugins → Add New → Upload Plugin and choose this zip file.
2. Activate "Convo Chat".
3. Optional: Settings → Convo Chat to change the application id, or to stop sharing signed-in users' names and e-mails.
`;
}

/** The zip WordPress's "Upload Plugin" takes: one folder named after the plugin. */
export async function wordpressPluginZip(input: PluginInput): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const at = (name: string) => `${WORDPRESS_PLUGIN_SLUG}/${name}`;
  zip.addBuffer(Buffer.from(pluginPhp(input)), at(`${WORDPRESS_PLUGIN_SLUG}.php`));
  zip.addBuffer(Buffer.from(pluginReadme(input)), at('readme.txt'));
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
