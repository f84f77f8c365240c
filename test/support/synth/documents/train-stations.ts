/*
 * Real Chinese railway stations with the pinyin the ticket prints under each name (no
 * tones, no spaces, first letter capital), for the synthetic tickets. Names as on the
 * ticket without the 站 the ticket appends.
 */

export const STATIONS: readonly (readonly [string, string])[] = [
  ['北京', 'Beijing'], ['北京南', 'Beijingnan'], ['北京西', 'Beijingxi'], ['北京北', 'Beijingbei'], ['北京丰台', 'Beijingfengtai'],
  ['天津', 'Tianjin'], ['天津西', 'Tianjinxi'], ['天津南', 'Tianjinnan'], ['上海', 'Shanghai'], ['上海虹桥', 'Shanghaihongqiao'],
  ['上海南', 'Shanghainan'], ['广州', 'Guangzhou'], ['广州南', 'Guangzhounan'], ['广州东', 'Guangzhoudong'], ['深圳', 'Shenzhen'],
  ['深圳北', 'Shenzhenbei'], ['深圳东', 'Shenzhendong'], ['福田', 'Futian'], ['杭州东', 'Hangzhoudong'], ['杭州', 'Hangzhou'],
  ['南京', 'Nanjing'], ['南京南', 'Nanjingnan'], ['苏州', 'Suzhou'], ['苏州北', 'Suzhoubei'], ['无锡', 'Wuxi'],
  ['常州', 'Changzhou'], ['宁波', 'Ningbo'], ['温州南', 'Wenzhounan'], ['合肥', 'Hefei'], ['合肥南', 'Hefeinan'],
  ['武汉', 'Wuhan'], ['汉口', 'Hankou'], ['武昌', 'Wuchang'], ['长沙', 'Changsha'], ['长沙南', 'Changshanan'],
  ['郑州', 'Zhengzhou'], ['郑州东', 'Zhengzhoudong'], ['西安', 'Xian'], ['西安北', 'Xianbei'], ['成都', 'Chengdu'],
  ['成都东', 'Chengdudong'], ['成都南', 'Chengdunan'], ['重庆', 'Chongqing'], ['重庆北', 'Chongqingbei'], ['重庆西', 'Chongqingxi'],
  ['贵阳', 'Guiyang'], ['贵阳北', 'Guiyangbei'], ['昆明', 'Kunming'], ['昆明南', 'Kunmingnan'], ['南宁', 'Nanning'],
  ['南宁东', 'Nanningdong'], ['桂林', 'Guilin'], ['桂林北', 'Guilinbei'], ['南昌', 'Nanchang'], ['南昌西', 'Nanchangxi'],
  ['福州', 'Fuzhou'], ['福州南', 'Fuzhounan'], ['厦门', 'Xiamen'], ['厦门北', 'Xiamenbei'], ['济南', 'Jinan'],
  ['济南西', 'Jinanxi'], ['青岛', 'Qingdao'], ['青岛北', 'Qingdaobei'], ['石家庄', 'Shijiazhuang'], ['太原', 'Taiyuan'],
  ['太原南', 'Taiyuannan'], ['呼和浩特', 'Huhehaote'], ['沈阳', 'Shenyang'], ['沈阳北', 'Shenyangbei'], ['大连', 'Dalian'],
  ['大连北', 'Dalianbei'], ['长春', 'Changchun'], ['哈尔滨', 'Haerbin'], ['哈尔滨西', 'Haerbinxi'], ['兰州', 'Lanzhou'],
  ['兰州西', 'Lanzhouxi'], ['西宁', 'Xining'], ['银川', 'Yinchuan'], ['乌鲁木齐', 'Wulumuqi'], ['拉萨', 'Lasa'],
  ['海口', 'Haikou'], ['三亚', 'Sanya'], ['宜春', 'Yichun'], ['安顺', 'Anshun'], ['徐州东', 'Xuzhoudong'],
  ['洛阳龙门', 'Luoyanglongmen'], ['珠海', 'Zhuhai'], ['东莞', 'Dongguan'], ['佛山西', 'Foshanxi'], ['惠州', 'Huizhou'],
  ['汕头', 'Shantou'], ['株洲', 'Zhuzhou'], ['岳阳东', 'Yueyangdong'], ['衡阳东', 'Hengyangdong'], ['襄阳', 'Xiangyang'],
  ['宜昌东', 'Yichangdong'], ['绵阳', 'Mianyang'], ['宝鸡南', 'Baojinan'], ['芜湖', 'Wuhu'], ['蚌埠南', 'Bengbunan'],
  ['扬州东', 'Yangzhoudong'], ['金华', 'Jinhua'], ['义乌', 'Yiwu'], ['嘉兴南', 'Jiaxingnan'], ['绍兴北', 'Shaoxingbei'],
  ['九江', 'Jiujiang'], ['赣州西', 'Ganzhouxi'], ['泉州', 'Quanzhou'], ['烟台', 'Yantai'], ['潍坊', 'Weifang'],
  ['保定东', 'Baodingdong'], ['唐山', 'Tangshan'], ['秦皇岛', 'Qinhuangdao'], ['大同南', 'Datongnan'], ['包头', 'Baotou'],
];
