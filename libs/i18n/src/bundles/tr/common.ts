import type { common as es } from '../es/common';
import type { BundleShape } from '../types';

export const common: BundleShape<typeof es> = {
  loading: 'Yükleniyor...',
  actions: {
    save: 'Kaydet',
    cancel: 'İptal',
    close: 'Kapat',
    delete: 'Sil',
    edit: 'Düzenle',
    new: 'Yeni',
    add: 'Ekle',
    search: 'Ara',
    exportExcel: "Excel'e aktar",
    retry: 'Yeniden dene',
    back: 'Geri',
    confirm: 'Onayla',
    accept: 'Tamam',
    clear: 'Temizle',
    refresh: 'Yenile',
    view: 'Görüntüle',
    send: 'Gönder',
  },
  words: {
    yes: 'Evet',
    no: 'Hayır',
    actions: 'İşlemler',
    noData: 'Veri yok',
    all: 'Tümü',
    name: 'Ad',
    description: 'Açıklama',
    date: 'Tarih',
    status: 'Durum',
  },
  table: {
    rowsPerPage: 'Sayfa başına satır',
    noData: 'Veri yok',
    searchPlaceholder: 'Ara...',
    range: '{{from}}–{{to}} / {{count}}',
    firstPage: 'İlk sayfa',
    previousPage: 'Önceki sayfa',
    nextPage: 'Sonraki sayfa',
    lastPage: 'Son sayfa',
    sortAscending: 'Artan sırala',
    sortDescending: 'Azalan sırala',
  },
  confirmDelete: {
    title: 'Kaydı sil',
    message: 'Bu kaydı silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.',
  },
  chipSelect: {
    noOptions: 'Öğeyi tanımlayın',
  },
  upload: {
    choose: 'Dosya seç',
    dropHere: 'Dosyayı buraya bırakın',
    maxSize: 'İzin verilen en büyük boyut {{n}}MB',
  },
  feedback: {
    saved: 'Değişiklikler kaydedildi',
    deleted: 'Kayıt silindi',
  },
  errors: {
    forbidden: 'Bu işlem için yetkiniz yok',
    network: 'Sunucuya bağlanılamadı. Bağlantınızı kontrol edip tekrar deneyin.',
    unexpected: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.',
    notFound: 'Bulunamadı',
  },
  landing: {
    soon: 'Bu ekran yakında kullanıma açılacak; şirketinizin verilerini burada göreceksiniz.',
  },
};
