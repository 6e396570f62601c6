// General pages: pricing, payment, about, contact, FAQ, coming soon and maintenance, and their shared frame.

const en = {
  general: {
    layout: {
      nav: { pricing: 'Pricing', about: 'About', faqs: 'FAQ', contact: 'Contact' },
      signIn: 'Sign in',
      openApp: 'Open the app',
      openMenu: 'Open the menu',
      closeMenu: 'Close the menu',
      mainMenu: 'Main menu',
      footerMenu: 'Site links',
      tagline: 'Open-source sales meetings: from the booking link to the signed agreement.',
      product: 'Product',
      company: 'Company',
      selfHost: 'Self-host it with one command:',
      rights: '© {{year}} Closeroom contributors. Free and open-source software.',
    },
  },
}

type Text = typeof en

const fr: Text = {
  general: {
    layout: {
      nav: { pricing: 'Tarifs', about: 'À propos', faqs: 'FAQ', contact: 'Contact' },
      signIn: 'Se connecter',
      openApp: 'Ouvrir l’application',
      openMenu: 'Ouvrir le menu',
      closeMenu: 'Fermer le menu',
      mainMenu: 'Menu principal',
      footerMenu: 'Liens du site',
      tagline: 'Des rendez-vous commerciaux open source : du lien de réservation à l’accord signé.',
      product: 'Produit',
      company: 'Entreprise',
      selfHost: 'Hébergez-le vous-même en une commande :',
      rights: '© {{year}} Les contributeurs de Closeroom. Logiciel libre et open source.',
    },
  },
}

const vi: Text = {
  general: {
    layout: {
      nav: { pricing: 'Bảng giá', about: 'Giới thiệu', faqs: 'Câu hỏi thường gặp', contact: 'Liên hệ' },
      signIn: 'Đăng nhập',
      openApp: 'Mở ứng dụng',
      openMenu: 'Mở menu',
      closeMenu: 'Đóng menu',
      mainMenu: 'Menu chính',
      footerMenu: 'Liên kết trang',
      tagline: 'Cuộc gặp bán hàng mã nguồn mở: từ đường dẫn đặt lịch đến thỏa thuận đã ký.',
      product: 'Sản phẩm',
      company: 'Công ty',
      selfHost: 'Tự triển khai chỉ với một lệnh:',
      rights: '© {{year}} Những người đóng góp cho Closeroom. Phần mềm tự do, mã nguồn mở.',
    },
  },
}

const cn: Text = {
  general: {
    layout: {
      nav: { pricing: '价格', about: '关于我们', faqs: '常见问题', contact: '联系我们' },
      signIn: '登录',
      openApp: '打开应用',
      openMenu: '打开菜单',
      closeMenu: '关闭菜单',
      mainMenu: '主菜单',
      footerMenu: '网站链接',
      tagline: '开源的销售会议平台：从预约链接到签署协议。',
      product: '产品',
      company: '公司',
      selfHost: '一条命令即可自行部署：',
      rights: '© {{year}} Closeroom 贡献者。自由开源软件。',
    },
  },
}

const ar: Text = {
  general: {
    layout: {
      nav: { pricing: 'الأسعار', about: 'من نحن', faqs: 'الأسئلة الشائعة', contact: 'اتصل بنا' },
      signIn: 'تسجيل الدخول',
      openApp: 'افتح التطبيق',
      openMenu: 'افتح القائمة',
      closeMenu: 'أغلق القائمة',
      mainMenu: 'القائمة الرئيسية',
      footerMenu: 'روابط الموقع',
      tagline: 'اجتماعات مبيعات مفتوحة المصدر: من رابط الحجز إلى الاتفاقية الموقّعة.',
      product: 'المنتج',
      company: 'الشركة',
      selfHost: 'استضفه بنفسك بأمر واحد:',
      rights: '© {{year}} المساهمون في Closeroom. برنامج حر ومفتوح المصدر.',
    },
  },
}

export const general = { en, fr, vi, cn, ar }
