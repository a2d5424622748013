/**
 * Word lists and places for the demo dataset: personal names, farm names, lanes and a table of
 * real market towns with their county, postcode outward codes and telephone area code.
 */

export type Nation = 'england' | 'wales' | 'scotland' | 'ni';

export type Region =
  'north' | 'midlands' | 'east' | 'southwest' | 'southeast' | 'wales' | 'scotland' | 'ni';

export const NATION_OF_REGION: Readonly<Record<Region, Nation>> = {
  north: 'england',
  midlands: 'england',
  east: 'england',
  southwest: 'england',
  southeast: 'england',
  wales: 'wales',
  scotland: 'scotland',
  ni: 'ni',
};

export interface Town {
  /** The post town. */
  town: string;
  county: string;
  region: Region;
  /** Real postcode outward codes of the post town. */
  outward: readonly string[];
  /** Telephone area code (Northern Ireland: empty, its farms get mobile numbers). */
  area: string;
  /** Villages near the town, used as address line 2. */
  villages: readonly string[];
}

/**
 * One town a line: post town | county | region | outward codes | area code | nearby villages.
 * Northern Ireland has no 01 area code; its farms get mobile numbers.
 */
const TOWN_TABLE: readonly string[] = [
  // North of England
  'Hexham|Northumberland|north|NE46 NE47|01434|Corbridge, Acomb, Slaley, Allendale, Humshaugh',
  'Alnwick|Northumberland|north|NE66|01665|Embleton, Longhoughton, Whittingham, Shilbottle',
  'Penrith|Cumbria|north|CA10 CA11|01768|Shap, Greystoke, Lazonby, Langwathby',
  'Kendal|Cumbria|north|LA8 LA9|01539|Staveley, Burneside, Crook, Endmoor',
  'Cockermouth|Cumbria|north|CA13|01900|Brigham, Lorton, Papcastle, Bridekirk',
  'Skipton|North Yorkshire|north|BD23|01756|Gargrave, Embsay, Hellifield, Cononley',
  'Thirsk|North Yorkshire|north|YO7|01845|Sowerby, Topcliffe, Sessay, Carlton Miniott',
  'Northallerton|North Yorkshire|north|DL6 DL7|01609|Brompton, Osmotherley, Appleton Wiske',
  'Malton|North Yorkshire|north|YO17|01653|Norton, Rillington, Amotherby, Sheriff Hutton',
  'Richmond|North Yorkshire|north|DL10 DL11|01748|Reeth, Gunnerside, Gilling West, Scorton',
  'Driffield|East Riding of Yorkshire|north|YO25|01377|Nafferton, Kilham, Wetwang, Hutton Cranswick',
  'Beverley|East Riding of Yorkshire|north|HU17|01482|Walkington, Cherry Burton, Leconfield',
  'Barnard Castle|County Durham|north|DL12|01833|Cotherstone, Middleton-in-Teesdale, Staindrop, Gainford',
  'Clitheroe|Lancashire|north|BB7|01200|Waddington, Chatburn, Slaidburn, Whalley',
  'Preston|Lancashire|north|PR3|01995|Garstang, Pilling, Goosnargh, Inskip',
  // Midlands
  'Leek|Staffordshire|midlands|ST13|01538|Longnor, Cheddleton, Rushton Spencer, Ipstones',
  'Nantwich|Cheshire|midlands|CW5|01270|Wrenbury, Audlem, Wybunbury, Acton',
  'Market Drayton|Shropshire|midlands|TF9|01630|Hodnet, Cheswardine, Hinstock, Adderley',
  'Ludlow|Shropshire|midlands|SY8|01584|Bitterley, Onibury, Bromfield, Ashford Carbonell',
  'Oswestry|Shropshire|midlands|SY10 SY11|01691|Whittington, Llanymynech, Knockin, Weston Rhyn',
  'Leominster|Herefordshire|midlands|HR6|01568|Kimbolton, Eardisland, Pembridge, Bodenham',
  'Ledbury|Herefordshire|midlands|HR8|01531|Bosbury, Much Marcle, Colwall, Eastnor',
  'Melton Mowbray|Leicestershire|midlands|LE13 LE14|01664|Asfordby, Waltham on the Wolds, Somerby, Scalford',
  'Market Harborough|Leicestershire|midlands|LE16|01858|Husbands Bosworth, Lubenham, Hallaton, Great Bowden',
  'Newark|Nottinghamshire|midlands|NG23 NG24|01636|Collingham, Sutton-on-Trent, Balderton, Coddington',
  'Ashbourne|Derbyshire|midlands|DE6|01335|Hulland Ward, Kniveton, Mayfield, Clifton',
  'Bakewell|Derbyshire|midlands|DE45|01629|Youlgreave, Hassop, Monyash, Over Haddon',
  'Stratford-upon-Avon|Warwickshire|midlands|CV37|01789|Welford-on-Avon, Alveston, Ettington, Snitterfield',
  'Evesham|Worcestershire|midlands|WR11|01386|Badsey, Bretforton, Harvington, Offenham',
  // East of England and Lincolnshire
  'Louth|Lincolnshire|east|LN11|01507|Legbourne, Grimoldby, Fotherby, Manby',
  'Spalding|Lincolnshire|east|PE11 PE12|01775|Holbeach, Moulton, Pinchbeck, Gosberton',
  'Boston|Lincolnshire|east|PE20 PE21 PE22|01205|Kirton, Sutterton, Swineshead, Old Leake',
  'Wisbech|Cambridgeshire|east|PE13 PE14|01945|Leverington, Tydd St Giles, Emneth, Upwell',
  'March|Cambridgeshire|east|PE15|01354|Wimblington, Doddington, Benwick, Manea',
  'Ely|Cambridgeshire|east|CB6 CB7|01353|Littleport, Soham, Haddenham, Witchford',
  "King's Lynn|Norfolk|east|PE31 PE32 PE33 PE34|01553|Terrington St Clement, Gayton, Grimston, Walpole St Andrew",
  'Fakenham|Norfolk|east|NR21|01328|Sculthorpe, Great Ryburgh, Hempton, Little Snoring',
  'Diss|Norfolk|east|IP22|01379|Scole, Palgrave, Bressingham, Roydon',
  'Bury St Edmunds|Suffolk|east|IP28 IP29 IP30 IP31|01284|Ixworth, Barrow, Rougham, Stanton',
  'Saxmundham|Suffolk|east|IP17|01728|Yoxford, Kelsale, Peasenhall, Benhall',
  'Dunmow|Essex|east|CM6|01371|Great Easton, Thaxted, Felsted, Stebbing',
  'Saffron Walden|Essex|east|CB10 CB11|01799|Newport, Radwinter, Ashdon, Debden',
  // South West
  'Tiverton|Devon|southwest|EX16|01884|Bampton, Halberton, Uplowman, Witheridge',
  'Okehampton|Devon|southwest|EX20|01837|Hatherleigh, North Tawton, Sampford Courtenay, Sourton',
  'Holsworthy|Devon|southwest|EX22|01409|Bradworthy, Pyworthy, Sutcombe, Clawton',
  'Launceston|Cornwall|southwest|PL15|01566|Altarnun, Lewannick, North Petherwin, Egloskerry',
  'Bodmin|Cornwall|southwest|PL30 PL31|01208|Lanivet, St Mabyn, Blisland, Cardinham',
  'Truro|Cornwall|southwest|TR2 TR3 TR4|01872|Probus, Ladock, Tresillian, Grampound',
  'Taunton|Somerset|southwest|TA2 TA3 TA4|01823|North Curry, Bishops Lydeard, Creech St Michael, Stoke St Gregory',
  'Shepton Mallet|Somerset|southwest|BA4|01749|Evercreech, Ditcheat, Pilton, Doulting',
  'Sherborne|Dorset|southwest|DT9|01935|Milborne Port, Yetminster, Bradford Abbas, Longburton',
  'Dorchester|Dorset|southwest|DT1 DT2|01305|Puddletown, Maiden Newton, Cerne Abbas, Charminster',
  'Cirencester|Gloucestershire|southwest|GL7|01285|Fairford, Kemble, Ampney Crucis, South Cerney',
  'Chippenham|Wiltshire|southwest|SN14 SN15|01249|Kington St Michael, Sutton Benger, Lacock, Castle Combe',
  'Devizes|Wiltshire|southwest|SN10|01380|Potterne, Urchfont, Bromham, Market Lavington',
  // South East
  'Banbury|Oxfordshire|southeast|OX15 OX16 OX17|01295|Bloxham, Adderbury, Cropredy, Hook Norton',
  'Ashford|Kent|southeast|TN25 TN26 TN27|01233|Charing, Hamstreet, Wye, Smarden',
  'Andover|Hampshire|southeast|SP10 SP11|01264|Weyhill, Abbotts Ann, Hurstbourne Tarrant, Ludgershall',
  'Petersfield|Hampshire|southeast|GU31 GU32|01730|Buriton, East Meon, Steep',
  'Lewes|East Sussex|southeast|BN7 BN8|01273|Ringmer, Barcombe, Newick, Chailey',
  'Horsham|West Sussex|southeast|RH12 RH13|01403|Cowfold, Slinfold, Rusper, Warnham',
  // Wales
  'Carmarthen|Carmarthenshire|wales|SA31 SA32 SA33|01267|Nantgaredig, Cynwyl Elfed, Llangain, Bronwydd',
  'Llandeilo|Carmarthenshire|wales|SA19|01558|Ffairfach, Llangadog, Talley, Salem',
  'Cardigan|Ceredigion|wales|SA43|01239|Aberporth, Llechryd, Penparc, Cilgerran',
  'Lampeter|Ceredigion|wales|SA48|01570|Cellan, Cwmann, Llanfair Clydogau, Silian',
  'Aberystwyth|Ceredigion|wales|SY23|01970|Llanilar, Penrhyncoch, Bow Street, Capel Bangor',
  'Haverfordwest|Pembrokeshire|wales|SA61 SA62|01437|Camrose, Roch, Spittal, Clarbeston Road',
  'Welshpool|Powys|wales|SY21|01938|Guilsfield, Berriew, Castle Caereinion',
  'Newtown|Powys|wales|SY16|01686|Kerry, Tregynon, Aberhafesp',
  'Builth Wells|Powys|wales|LD2|01982|Cilmery, Llanafan Fawr, Erwood, Garth',
  'Brecon|Powys|wales|LD3|01874|Libanus, Llanfrynach, Talybont-on-Usk, Sennybridge',
  'Llandrindod Wells|Powys|wales|LD1|01597|Crossgates, Howey, Llanbister, Penybont',
  'Dolgellau|Gwynedd|wales|LL40|01341|Llanelltyd, Brithdir, Arthog',
  'Bala|Gwynedd|wales|LL23|01678|Llandderfel, Llanuwchllyn, Frongoch, Rhosygwaliau',
  'Ruthin|Denbighshire|wales|LL15|01824|Llanfair Dyffryn Clwyd, Llanbedr Dyffryn Clwyd, Clawddnewydd, Pwllglas',
  'Abergavenny|Monmouthshire|wales|NP7|01873|Llanfoist, Llanvihangel Crucorney, Llanover, Llanellen',
  'Llangefni|Isle of Anglesey|wales|LL77|01248|Bodffordd, Talwrn, Rhostrehwfa',
  // Scotland
  'Ayr|Ayrshire|scotland|KA6 KA7|01292|Coylton, Annbank, Dalrymple',
  'Stranraer|Wigtownshire|scotland|DG9|01776|Leswalt, Kirkcolm, Portpatrick, Castle Kennedy',
  'Castle Douglas|Kirkcudbrightshire|scotland|DG7|01556|Crossmichael, Gelston, Palnackie, Kirkpatrick Durham',
  'Dumfries|Dumfriesshire|scotland|DG1 DG2|01387|Holywood, Collin, Terregles, Amisfield',
  'Kelso|Roxburghshire|scotland|TD5|01573|Ednam, Sprouston, Heiton, Yetholm',
  'Duns|Berwickshire|scotland|TD11|01361|Chirnside, Gavinton, Edrom',
  'Forfar|Angus|scotland|DD8|01307|Letham, Aberlemno, Glamis, Padanaram',
  'Perth|Perthshire|scotland|PH1 PH2|01738|Scone, Methven, Bridge of Earn, Balbeggie, Stanley',
  'Turriff|Aberdeenshire|scotland|AB53|01888|Auchterless, Fyvie, Cuminestown, Forglen',
  'Inverurie|Aberdeenshire|scotland|AB51|01467|Kintore, Oyne, Chapel of Garioch, Kemnay',
  'Huntly|Aberdeenshire|scotland|AB54|01466|Gartly, Rothiemay, Drumblade',
  'Elgin|Moray|scotland|IV30|01343|Lhanbryde, Birnie, Urquhart, Fogwatt',
  'Cupar|Fife|scotland|KY15|01334|Ceres, Springfield, Dairsie, Pitlessie',
  'Lanark|Lanarkshire|scotland|ML11|01555|Kirkfieldbank, Carstairs, Lesmahagow, Douglas',
  'Dingwall|Ross-shire|scotland|IV15|01349|Conon Bridge, Maryburgh, Strathpeffer, Culbokie',
  // Northern Ireland
  'Enniskillen|County Fermanagh|ni|BT74 BT92 BT94||Lisbellaw, Derrygonnelly, Ballinamallard, Tempo',
  'Omagh|County Tyrone|ni|BT78 BT79||Drumquin, Beragh, Carrickmore, Gortin',
  'Dungannon|County Tyrone|ni|BT70 BT71||Coalisland, Moy, Castlecaulfield, Donaghmore',
  'Ballymena|County Antrim|ni|BT42 BT43 BT44||Broughshane, Cullybackey, Ahoghill, Kells',
  'Ballymoney|County Antrim|ni|BT53||Dervock, Stranocum, Dunloy, Armoy',
  'Newry|County Down|ni|BT34||Mayobridge, Hilltown, Rathfriland, Annalong',
  'Downpatrick|County Down|ni|BT30||Ardglass, Killyleagh, Crossgar, Saul',
  'Armagh|County Armagh|ni|BT60 BT61||Markethill, Richhill, Tynan, Loughgall',
  'Coleraine|County Londonderry|ni|BT51 BT52||Castlerock, Articlave, Macosquin, Aghadowey',
  'Limavady|County Londonderry|ni|BT49||Ballykelly, Greysteel, Dungiven, Feeny',
];

function parseTown(line: string): Town {
  const [town = '', county = '', region = '', outward = '', area = '', villages = ''] =
    line.split('|');
  if (!(region in NATION_OF_REGION) || !town || !county || !outward) {
    throw new Error(`Bad town line: ${line}`);
  }
  return {
    town,
    county,
    region: region as Region,
    outward: outward.split(' '),
    area,
    villages: villages ? villages.split(', ') : [],
  };
}

export const TOWNS: readonly Town[] = TOWN_TABLE.map(parseTown);

/** Letters allowed in the inward code of a UK postcode (never C, I, K, M, O or V). */
export const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** Splits a comma-separated word list written across several lines. */
function list(text: string): readonly string[] {
  return (
    text
      .split(',')
      // A line break inside an entry is wrapping, not part of the name.
      .map((word) => word.replace(/\s+/g, ' ').trim())
      .filter((word) => word.length > 0)
  );
}

export const FIRST_NAMES: Readonly<Record<Nation, readonly string[]>> = {
  england: list(`
    John, David, Richard, Andrew, Robert, Michael, Peter, Stephen, Mark, Paul, James, William,
    Thomas, Edward, George, Henry, Charles, Matthew, Daniel, Christopher, Simon, Philip,
    Nicholas, Jonathan, Timothy, Martin, Graham, Ian, Neil, Adrian, Robin, Roger, Malcolm,
    Keith, Tom, Sam, Ben, Joe, Harry, Oliver, Jack, Will, Rob, Alan, Brian, Chris, Sarah, Helen,
    Elizabeth, Catherine, Anne, Jane, Rachel, Emma, Lucy, Claire, Joanne, Susan, Karen, Alison,
    Rebecca, Victoria, Charlotte, Hannah, Laura, Kate, Amy, Jennifer, Margaret, Ruth, Gillian,
    Caroline, Louise, Philippa, Harriet, Sophie, Alice, Emily, Megan, Abigail, Jessica, Wendy,
    Julie, Judith, Rosemary
  `),
  wales: list(`
    Rhys, Dafydd, Gwyn, Emyr, Aled, Huw, Owain, Iwan, Gareth, Dewi, Geraint, Hywel, Llyr,
    Meirion, Elfed, Wyn, Sioned, Bethan, Catrin, Elin, Meinir, Nia, Ffion, Eleri, Manon, Carys,
    Angharad, Rhian, Glesni, Heledd
  `),
  scotland: list(`
    Alasdair, Iain, Fraser, Callum, Ewan, Hamish, Douglas, Euan, Angus, Gordon, Ross, Murray,
    Craig, Duncan, Lachlan, Alistair, Fiona, Morag, Kirsty, Mhairi, Eilidh, Isla, Catriona,
    Shona, Ailsa, Morven, Heather, Jean
  `),
  ni: list(`
    Seamus, Niall, Conor, Ciaran, Trevor, Wesley, Sammy, Colin, Raymond, Nigel, Mervyn, Kenneth,
    Brendan, Declan, Aoife, Siobhan, Roisin, Orla, Lorraine, Naomi, Deirdre, Norma
  `),
};

export const SURNAMES: Readonly<Record<Nation, readonly string[]>> = {
  england: list(`
    Atkinson, Metcalfe, Dent, Alderson, Bainbridge, Harker, Kirkbride, Robinson, Thompson,
    Walker, Wood, Wright, Taylor, Brown, Harrison, Jackson, Clarke, Turner, Hall, Allen, Baker,
    Barker, Bell, Bennett, Booth, Bowman, Brewster, Briggs, Burton, Butler, Carter, Cooper,
    Dawson, Dixon, Fisher, Fletcher, Foster, Gibson, Green, Hill, Holmes, Hudson, Kirby,
    Lambert, Marshall, Mason, Moss, Newton, Nicholson, Outhwaite, Parker, Pearson, Pickering,
    Potter, Richardson, Rowe, Sanderson, Sharp, Shepherd, Simpson, Slater, Spencer, Stephenson,
    Sutcliffe, Thorpe, Towers, Wainwright, Ward, Webster, Whitehead, Wilkinson, Yates, Trewin,
    Pascoe, Penrose, Hocking, Fuller, Howlett, Sparrow, Catchpole, Mayhew, Coombes, Vowles,
    Luxton, Heard, Squire, Bradley, Hollins, Sherratt, Bagnall, Hargreaves, Rawlinson, Ashworth,
    Dobson, Fenwick, Charlton, Milburn, Ridley, Hodgson, Tweddle, Elliott, Chapman, Barnes,
    Knight, Warren
  `),
  wales: list(`
    Jones, Davies, Evans, Williams, Thomas, Roberts, Hughes, Lewis, Morgan, Griffiths, Price,
    Pugh, Powell, Rees, Lloyd, Owen, Parry, Jenkins, Prosser, Bowen, Pritchard, Vaughan,
    Howells, Watkins, Bevan, Meredith, Gwilliam, Morris, Phillips, Ellis
  `),
  scotland: list(`
    Macdonald, Campbell, Stewart, Robertson, Thomson, Anderson, Murray, Reid, Ross, Fraser,
    Grant, Cameron, Mackenzie, Sinclair, Paterson, Henderson, Gray, Baird, Shaw, Millar,
    Wallace, Milne, Duncan, Forbes, Gordon, Innes, Mackay, Munro, Ogilvie, Rennie, Strachan,
    Watt, Ritchie, Hay, Bruce
  `),
  ni: list(`
    Wilson, Irvine, McKee, Kerr, Montgomery, Graham, McCauley, Gilmore, McCullough, Boyd,
    Hamilton, Crawford, Beattie, Armstrong, McClelland, Patterson, McBride, Quinn, Donnelly,
    McKenna, O'Neill, Hagan, Mulholland, Doherty, Cunningham, Kennedy, Moore, Neill
  `),
};

export const FARM_NAMES: Readonly<Record<Nation, readonly string[]>> = {
  england: list(`
    Manor Farm, Hill Top Farm, Brook House Farm, Home Farm, Church Farm, Grange Farm, Lodge
    Farm, Park Farm, Glebe Farm, Moor Farm, Hall Farm, Lane End Farm, Newhouse Farm, Oak Tree
    Farm, Ash Tree Farm, Willow Farm, Low Farm, High Farm, Mill Farm, Westfield Farm, Eastfield
    Farm, Northfield Farm, Southfield Farm, Poplar Farm, Elm Tree Farm, Rookery Farm, Woodhouse
    Farm, Holly Bank Farm, Fold Farm, Moorside Farm, Beck House Farm, Ings Farm, Carr House
    Farm, Fen Farm, Marsh Farm, Heath Farm, Priory Farm, Abbey Farm, Court Farm, Coombe Farm,
    Higher Barton, Lower Barton, Town Farm, Green Farm, Rectory Farm, Cross Farm, Pond Farm, Yew
    Tree Farm, Hollins Farm, Intake Farm, Thorpe Farm, Wold Farm, Dale Head Farm, Fell Side
    Farm, Sunnybank Farm, Brookside Farm, Meadow Farm, Hawthorn Farm, Bridge Farm, Wellhouse
    Farm, Lower House Farm, Upper House Farm
  `),
  wales: list(`
    Llwyn Onn, Pen y Bryn, Tyddyn Isaf, Bryn Hyfryd, Maes y Coed, Cefn Mawr, Ty Gwyn, Pant Glas,
    Dol Goch, Glan yr Afon, Hafod, Blaen Cwm, Tyn y Coed, Ffynnon Wen, Bryn Glas, Pen Rhiw, Cae
    Mawr, Llys Meirion, Tal y Bont, Nant y Felin, Gwern Ddu, Ty Newydd, Pentre Farm, Penlan,
    Gilfach, Cwm Du, Rhos Fawr, Maes Mawr, Troed y Rhiw, Ty Isaf, Ty Uchaf, Wern Farm, Tynewydd
    Farm, Lletty, Dolau, Bryn Celyn, Pen y Lan, Coed Mawr
  `),
  scotland: list(`
    Glenview, Burnside, Hillhead, Netherton, Braehead, Kirkton, Mains Farm, East Mains, West
    Mains, Knowehead, Backhill, Greenknowe, Cairnhill, Dykeside, Mains of Auchmore, Newton of
    Balgray, Hillside, Whitehill, Blackhill, Boghead, Muirhead, Mosside, Broomhill, Hawkhill,
    Bankhead, Townhead, Langside, Birkenhill, Mill of Fortrie, Upper Craigie, Nether Cairnie,
    Balnacraig, Corsehill, Woodend, Whinnyfold, Glenburn
  `),
  ni: list(`
    Drumreagh Farm, Ballykeel Farm, Tullyard Farm, Mullaghmore Farm, Ashfield Farm, Rosevale
    Farm, Knockbracken Farm, Cloghfin Farm, Lisnamore Farm, Derryhale Farm, Ballymacombs Farm,
    Carrowreagh Farm, Glenhead Farm, Drumard Farm, Killycor Farm, Maghera House Farm, Tullynagee
    Farm, Corrody Farm, Annaghmore Farm, Ballyhenry Farm, Greenmount Farm, Beechhill Farm,
    Hollybrook Farm, Riverside Farm
  `),
};

export const LANES: Readonly<Record<Nation, readonly string[]>> = {
  england: list(`
    Moor Lane, Mill Lane, Church Lane, Back Lane, Green Lane, Station Road, Long Lane, Hall
    Lane, Ings Lane, Carr Lane, Fen Road, Drove Road, Sandy Lane, Common Lane, Chapel Lane,
    Hollow Lane, Marsh Road, Sheep Street, Watery Lane, Holloway Lane
  `),
  wales: list(`
    Heol y Dderwen, Heol Fawr, Ffordd yr Eglwys, Lon Isaf, Heol y Cwm, Mill Road
  `),
  scotland: list(`
    Mains Road, Burnside Road, Kirk Road, Station Road, Main Street, Mill Road
  `),
  ni: list(`
    Ballygowan Road, Moss Road, Mill Road, Church Road, Glen Road, Tullyroan Road
  `),
};
