import type { Text } from './en'

export const cn: Text = {
  routingPublic: {
    requiredNote: '带 * 的字段为必填项。',
    chooseAny: '选择所有适用项',
    submit: '继续',
    messageTitle: '谢谢',
    startOver: '重新回答',
    badLink: '无法打开下一个页面。请通过其他方式联系我们。',
    embedText: '回答几个问题，我们会为您找到合适的人。',
  },
}
