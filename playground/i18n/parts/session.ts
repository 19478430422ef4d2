import { definePart } from '../define';

/** Texts of the playground's sign-in notice (playground/editor/SessionNotice.tsx; keys prefixed 'session.'). */
export const session = definePart(
  {
    'session.signedOut.title': 'Not signed in',
    'session.signedOut.body':
      'Saving, opening saved dashboards and the media library need a sign-in. Open the sign-in link printed in the terminal running npm start (press Enter there for another one), or paste the link or the MEDIA_TOKEN here.',
    'session.ended.title': 'Your session has ended',
    'session.ended.body':
      'The server no longer accepts this page’s session (it was restarted, or the session was ended). Open a new sign-in link from the terminal running npm start, or paste it here.',
    'session.refused.title': 'This sign-in link does not work',
    'session.refused.body':
      'A sign-in link works once: this one was used already or comes from an earlier start of the server. Get a new one from the terminal running npm start (press Enter there), or paste the MEDIA_TOKEN here.',
    'session.paste.placeholder': 'Sign-in link or token',
    'session.paste.submit': 'Sign in',
    'session.paste.refused': 'Not accepted: the link was used already, or the token is wrong',
    'session.paste.network': 'The server cannot be reached',
    'session.signedIn': 'Signed in',
    'session.error.unauthorized': 'Not signed in, or the session has ended: sign in again (see the notice at the top)',
  },
  {
    'session.signedOut.title': '未登录',
    'session.signedOut.body':
      '保存、打开已保存的仪表板和使用媒体库需要登录。请打开运行 npm start 的终端中打印的登录链接（在终端中按回车可获得新链接），或将链接或 MEDIA_TOKEN 粘贴到这里。',
    'session.ended.title': '会话已结束',
    'session.ended.body':
      '服务器不再接受此页面的会话（服务器已重启，或会话已结束）。请从运行 npm start 的终端获取新的登录链接，或将其粘贴到这里。',
    'session.refused.title': '此登录链接无效',
    'session.refused.body':
      '登录链接只能使用一次：此链接已被使用，或来自服务器之前的一次启动。请从运行 npm start 的终端获取新链接（在终端中按回车），或将 MEDIA_TOKEN 粘贴到这里。',
    'session.paste.placeholder': '登录链接或令牌',
    'session.paste.submit': '登录',
    'session.paste.refused': '未被接受：链接已被使用，或令牌不正确',
    'session.paste.network': '无法连接服务器',
    'session.signedIn': '已登录',
    'session.error.unauthorized': '未登录或会话已结束：请重新登录（见顶部的提示）',
  },
);
